/**
 * npm run bench:watermark — the watermark analysis on the generated evaluation set
 * (scripts/lib/watermark-eval.ts): recall by opacity band, false positives on clean and
 * scene-text photos (per sensitivity), and time per image for detect_type "all".
 *
 *   npm run bench:watermark                # generate the set if missing, then measure
 *   npm run bench:watermark -- --regen     # regenerate the set first
 *   npm run bench:watermark -- --bases 12  # a smaller set (regenerates)
 *   npm run bench:watermark -- --split tune  # the tuning split (other seeds, other room photos)
 *   npm run bench:watermark -- --invisible   # only the invisible-mark round trip (seconds)
 *
 * Tune thresholds and preprocessing on `--split tune` only; the figures quoted are the default
 * evaluation split's, which nothing is tuned on.
 */
import { parseCli } from '../lib/cli';
import { formatRoundTrip, invisibleRoundTrip } from '../lib/invisible-roundtrip';
import { loadText, percentile } from '../lib/stats';
import {
  OPACITY_BANDS,
  decide,
  ensureEvalSet,
  falseBrands,
  found,
  runEvalSet,
  splitDir,
  type EvalSplit,
} from '../lib/watermark-eval';

const USAGE =
  'Usage: npm run bench:watermark [-- --regen] [--bases N] [--split eval|tune] [--invisible] [--misses]';
const { values: args } = parseCli(USAGE, {
  options: {
    regen: { type: 'boolean' },
    bases: { type: 'string' },
    split: { type: 'string', default: 'eval' },
    invisible: { type: 'boolean' },
    misses: { type: 'boolean' },
  },
});
if (args.split !== 'eval' && args.split !== 'tune') {
  console.error(`--split is eval or tune\n\n${USAGE}`);
  process.exit(2);
}
if (args.invisible) {
  console.log(formatRoundTrip(await invisibleRoundTrip()));
  process.exit(0);
}
const split: EvalSplit = args.split;
const EVAL_DIR = splitDir(split);
const items = await ensureEvalSet({
  split,
  force: args.regen === true || args.bases !== undefined,
  ...(args.bases !== undefined && { bases: Number(args.bases) }),
});

const pct = (a: number, b: number): string =>
  b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;

const { runs, loadMs } = await runEvalSet(items, EVAL_DIR);

console.log(
  `watermark ${split === 'eval' ? 'evaluation set' : 'tuning split'}: ${items.length} images in ${EVAL_DIR}`,
);
console.log(
  `  ${items.filter((i) => i.kind === 'clean').length} clean, ${items.filter((i) => i.kind === 'watermarked').length} watermarked, ${items.filter((i) => i.kind === 'scene_text').length} scene text`,
);
console.log(`OCR model load: ${loadMs.toFixed(0)} ms`);
for (const sensitivity of ['low', 'medium', 'high'] as const) {
  console.log(`\nsensitivity ${sensitivity}:`);
  const marked = runs.filter((r) => r.item.kind === 'watermarked' && !r.item.lookalike);
  for (const [lo, hi] of OPACITY_BANDS) {
    const band = marked.filter((r) => (r.item.mark?.opacity ?? 0) >= lo && (r.item.mark?.opacity ?? 0) < hi);
    console.log(
      `  recall at opacity ${Math.round(lo * 100)}-${Math.round(Math.min(hi, 0.8) * 100)}%: ${pct(band.filter((r) => found(r, sensitivity)).length, band.length)}`,
    );
  }
  const strong = marked.filter((r) => (r.item.mark?.opacity ?? 0) >= 0.3);
  console.log(
    `  recall at opacity >= 30%: ${pct(strong.filter((r) => found(r, sensitivity)).length, strong.length)}`,
  );
  for (const kind of ['clean', 'scene_text'] as const) {
    const set = runs.filter((r) => r.item.kind === kind);
    console.log(
      `  false positives on ${kind.replace('_', '-')} photos: ${pct(set.filter((r) => decide(r, sensitivity).length > 0).length, set.length)}`,
    );
  }
}
const marked = runs.filter((r) => r.item.kind === 'watermarked' && !r.item.lookalike);
const lookalikes = runs.filter((r) => r.item.lookalike);
console.log(
  `\nlookalike wordings (not brands) found as watermarks: ${pct(lookalikes.filter((r) => found(r)).length, lookalikes.length)}`,
);
console.log(
  `images naming a brand they do not carry: ${pct(runs.filter((r) => falseBrands(r).length > 0).length, runs.length)}; on lookalike wordings ${pct(lookalikes.filter((r) => falseBrands(r).length > 0).length, lookalikes.length)}`,
);
console.log('recall (medium) by placement:');
for (const position of ['corner', 'centre', 'anywhere', 'tiled']) {
  const set = marked.filter((r) => r.item.mark?.position === position);
  console.log(`  ${position}: ${pct(set.filter((r) => found(r)).length, set.length)}`);
}
const read = marked.filter((r) => r.analysis.evidence.length > 0).length;
console.log(`watermarked images where the OCR read any text: ${pct(read, marked.length)}`);
const ms = runs.map((r) => r.ms);
console.log(
  `\ntime per image, detect_type all (warm, in-process): p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (${loadText()})`,
);
if (args.misses) {
  for (const r of marked) {
    if (!found(r)) {
      console.log(
        'miss',
        r.item.file,
        JSON.stringify(r.item.mark),
        JSON.stringify(r.analysis.evidence.map((e) => [e.text, e.opacity, +e.score.toFixed(2)])),
      );
    }
  }
  for (const r of runs.filter((x) => falseBrands(x).length > 0))
    console.log('brand', r.item.file, r.item.mark?.text, falseBrands(r).join(', '));
  for (const r of runs.filter((x) => x.item.kind !== 'watermarked' && decide(x, 'medium').length > 0)) {
    console.log(
      'false',
      r.item.file,
      JSON.stringify(r.analysis.evidence.map((e) => [e.text, e.opacity, e.placement, +e.score.toFixed(2)])),
    );
  }
}
console.log(`\n${formatRoundTrip(await invisibleRoundTrip())}`);
