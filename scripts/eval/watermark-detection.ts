/**
 * The watermark-detection accuracy card: the analysis on the generated evaluation split
 * (scripts/lib/watermark-eval.ts, the same set and machinery as `npm run bench:watermark`),
 * at the default sensitivity (medium), detect_type "all". Writes
 * content/accuracy/watermark-detection.json.
 *
 *   npx tsx scripts/eval/watermark-detection.ts            # generate the split if missing, measure, write the card
 *   npx tsx scripts/eval/watermark-detection.ts -- --regen # regenerate the split first
 *
 * Nothing is tuned on this split (tuning uses `--split tune` of the benchmark).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccuracyCard } from '../../src/shared/schemas/accuracy';
import { writeAccuracyCard } from '../lib/accuracy-card';
import { latencyRow, percentile, proportion } from '../lib/stats';
import { parseCli } from '../lib/cli';
import {
  OPACITY_BANDS,
  decide,
  drawnBrand,
  ensureEvalSet,
  falseBrands,
  found,
  runEvalSet,
  splitDir,
  type EvalRun,
} from '../lib/watermark-eval';

type Metric = AccuracyCard['metrics'][number];
const SET = 'watermark-eval';

const dir = splitDir('eval');
const { regen = false } = parseCli(
  'Usage: npx tsx scripts/eval/watermark-detection.ts [--regen]   (--regen: make the evaluation set again first)',
  { options: { regen: { type: 'boolean' } } },
).values;
const items = await ensureEvalSet({ split: 'eval', force: regen });
const manifest = await readFile(join(dir, 'manifest.json'));
const version = `sha256:${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`;
const { runs } = await runEvalSet(items, dir);

const count = (rs: readonly EvalRun[], ok: (r: EvalRun) => boolean) =>
  proportion(rs.filter(ok).length, rs.length);
const metric = (key: string, label: string, rs: readonly EvalRun[], ok: (r: EvalRun) => boolean): Metric => ({
  key,
  label,
  set: SET,
  ...count(rs, ok),
});
const opacity = (r: EvalRun): number => r.item.mark?.opacity ?? 0;

const marked = runs.filter((r) => r.item.kind === 'watermarked' && !r.item.lookalike);
const lookalikes = runs.filter((r) => r.item.lookalike);
const clean = runs.filter((r) => r.item.kind === 'clean');
const scene = runs.filter((r) => r.item.kind === 'scene_text');
const branded = runs.filter((r) => drawnBrand(r.item) !== undefined);
const strong = marked.filter((r) => opacity(r) >= 0.3);
const faint = marked.filter((r) => opacity(r) >= 0.15 && opacity(r) < 0.3);

const metrics: Metric[] = [
  metric('watermark.recall_opacity_30', 'Text watermarks found, opacity 30% and above', strong, (r) =>
    found(r),
  ),
  metric('watermark.recall_opacity_15_30', 'Text watermarks found, opacity 15-30%', faint, (r) => found(r)),
  metric(
    'watermark.false_positive_clean',
    'Clean photos reported with a visible watermark',
    clean,
    (r) => decide(r, 'medium').length > 0,
  ),
  metric(
    'watermark.false_positive_scene_text',
    'Photos with scene text (a painted sign) reported with a visible watermark',
    scene,
    (r) => decide(r, 'medium').length > 0,
  ),
  metric(
    'watermark.false_brand_attribution',
    'Images attributed to a brand they do not carry (all images of the set)',
    runs,
    (r) => falseBrands(r).length > 0,
  ),
  metric(
    'watermark.false_brand_attribution_lookalike',
    'Lookalike wordings ("stockphoto.example", "shutterbug", "getty street") attributed to a brand',
    lookalikes,
    (r) => falseBrands(r).length > 0,
  ),
  metric('watermark.brand_recall', 'Brand wordmarks of the default list named as that brand', branded, (r) =>
    r.analysis.logos.some((l) => l.brand === drawnBrand(r.item)),
  ),
];

const perClass: AccuracyCard['per_class'] = [
  ...OPACITY_BANDS.map(([lo, hi]) => ({
    label: `opacity ${Math.round(lo * 100)}-${Math.round(Math.min(hi, 0.8) * 100)}%`,
    set: SET,
    recall: count(
      marked.filter((r) => opacity(r) >= lo && opacity(r) < hi),
      (r) => found(r),
    ),
  })),
  ...['corner', 'centre', 'anywhere', 'tiled'].map((position) => ({
    label: `placement: ${position}`,
    set: SET,
    recall: count(
      marked.filter((r) => r.item.mark?.position === position),
      (r) => found(r),
    ),
  })),
  {
    label: 'lookalike wordings (watermarks that name no brand)',
    set: SET,
    recall: count(lookalikes, (r) => found(r)),
  },
];

const ms = runs.map((r) => r.ms);
const byMetric = new Map(metrics.map((m) => [m.key, m]));
const pct = (key: string): string => `${(Math.round(byMetric.get(key)!.value * 1000) / 10).toFixed(1)}%`;
const faintRecall = byMetric.get('watermark.recall_opacity_15_30')!;

const file = writeAccuracyCard({
  api: 'watermark-detection',
  title: 'Watermark detection',
  summary: `Visible text watermarks at 30% opacity and above are found in ${pct('watermark.recall_opacity_30')} of ${strong.length} generated cases, at 15-30% in ${pct('watermark.recall_opacity_15_30')}; ${pct('watermark.false_brand_attribution')} of ${runs.length} images were attributed to a brand they do not carry.`,
  command: 'npm run eval:watermark-detection',
  sets: [
    {
      id: SET,
      name: 'Generated watermark evaluation split',
      version,
      size: runs.length,
      description: `Made by scripts/lib/watermark-eval.ts from a fixed seed: ${clean.length} clean photos (the site's 6 openly licensed sample photos and Places365 room photos of the research rooms set, read in place, never shipped), ${marked.length} with a text watermark (stock words, names, web addresses, 4 brands; opacity 15-80%, corners, centre, anywhere, tilted, tiled), ${lookalikes.length} with a wording that resembles a brand without naming it, and ${scene.length} with an opaque painted sign (scene text, not a watermark). Nothing is tuned on it.`,
    },
  ],
  metrics,
  per_class: perClass,
  latency: [
    latencyRow(
      'watermark analysis, detect_type all with invisible marks, one image (at most 640 px), warm, in process',
      SET,
      ms,
    ),
  ],
  scores: [
    {
      field: 'visible_watermarks[].confidence',
      kind: 'raw_score',
      meaning:
        'The evidence a line of text is an overlay (blending, repetition, placement, angle, wording) mapped to 0-0.99 through a logistic curve that reads 0.5 at the reporting threshold (medium sensitivity); not a calibrated probability.',
    },
    {
      field: 'visible_watermarks[].opacity',
      kind: 'estimate',
      meaning:
        'Estimated opacity of the text over the photo (0-1): from how the text colour follows the background under it, never below what its contrast against the background requires.',
    },
    {
      field: 'brand_logos[].confidence',
      kind: 'raw_score',
      meaning:
        "The OCR's character confidence of a line whose words spell a listed brand exactly (normalised); a brand is never named on a near spelling.",
    },
    {
      field: 'invisible_watermarks[].confidence',
      kind: 'estimate',
      meaning:
        "Share of the known payload's bits that match (bit agreement): 0.9 and above is reported as detected.",
    },
    {
      field: 'invisible_watermarks[].strength',
      kind: 'estimate',
      meaning: "How decisively the image's blocks vote for each bit (mean of |2 x vote - 1|).",
    },
  ],
  failure_modes: [
    `Text under 30% opacity is found ${pct('watermark.recall_opacity_15_30')} of the time (${faintRecall.successes} of ${faintRecall.trials}); below 15% it was not measured.`,
    'A brand is named only when the text reads as its name exactly: an OCR misreading of one letter (a bright light behind a letter) leaves the mark reported as text with no brand.',
    'Logos that are pictures without text are not recognised.',
    `Opaque scene text (signs, labels) is sometimes taken for a watermark (${pct('watermark.false_positive_scene_text')} of painted-sign photos).`,
  ],
  notes: [
    `Lookalike wordings that name no brand were found as watermarks in ${count(lookalikes, (r) => found(r)).successes} of ${lookalikes.length} images (reported as text, with no brand).`,
  ],
});
console.log(`wrote ${file}`);
for (const m of metrics) console.log(`${m.key}: ${(m.value * 100).toFixed(1)}% (${m.successes}/${m.trials})`);
for (const r of runs.filter((x) => falseBrands(x).length > 0))
  console.log(
    'false brand',
    r.item.file,
    JSON.stringify(r.item.mark?.text ?? r.item.sign ?? 'clean'),
    falseBrands(r).join(', '),
  );
console.log(`p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms`);
