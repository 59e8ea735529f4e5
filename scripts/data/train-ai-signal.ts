/**
 * `npm run train:ai-signal`: trains the pixel-level AI-image probe (src/server/vision/authenticity/
 * pixel-signal.ts) on `../shared/datasets/ai-real` (AI_REAL_DIR overrides), read in place.
 *
 * - Views per patch: the patch as stored (`original`; the pixels of a metadata-stripped file, so
 *   `stripped` scores the same), two seeded training augmentations (JPEG q60-95 with 4:2:0 or
 *   4:4:4 chroma; a 0.5-0.95 resize then JPEG q70-95), and `reencoded`: the patch scaled as its
 *   source would be to 1080 px on the long side (never up), then JPEG q80 4:2:0 (a social-media
 *   upload). Features are cached under /tmp/ai-signal-cache.
 * - Dev figures are out-of-fold: one fold per source repository (leave-one-repository-out), so
 *   every generator family is scored by a probe that never saw its repository, and no real
 *   photo is scored by a probe trained on its repository.
 * - Training weights: AI and real sides weigh the same; StyleGAN2 faces (40% of the AI patches)
 *   carry 15% of the AI side's weight.
 * - The threshold is the score above which at most 2% of the real dev patches (original view,
 *   held-out folds) fall; calibrated_probability is a Platt fit of the held-out logits.
 * - The shipped probe is then trained on every repository.
 *
 * Writes src/server/vision/authenticity/ai-signal.json (weights), ai-signal.measurements.json
 * (dev figures, read by the accuracy card) and AI_SIGNAL_CARD.md (model card). Deterministic.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import {
  cropFeatures,
  cropPlan,
  PIXEL_FEATURE_NAMES,
} from '../../src/server/vision/authenticity/pixel-features';
import { probeLogit, type AiSignalModel } from '../../src/server/vision/authenticity/pixel-signal';
import { storedPixels } from '../../src/server/vision/authenticity/analyze';
import { parseCli } from '../lib/cli';
import { proportion } from '../lib/stats';
import { rng, sig4, trainSoftmax } from '../lib/train-linear';

parseCli(
  'Usage: npm run train:ai-signal   (AI_REAL_DIR: the dataset, default ../shared/datasets/ai-real; AI_SIGNAL_L2: fix the L2 strength)',
  {},
);

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const DATA = resolve(process.env['AI_REAL_DIR'] ?? join(REPO_ROOT, '../shared/datasets/ai-real'));
const OUT = join(REPO_ROOT, 'src/server/vision/authenticity');
const CACHE_DIR = '/tmp/ai-signal-cache';
const SEED = 27;
const VERSION = '1.0.0';
const TARGET_FPR = 0.02;
const STYLEGAN_SHARE = 0.15;
const L2_GRID = process.env['AI_SIGNAL_L2'] ? [Number(process.env['AI_SIGNAL_L2'])] : [1e-3, 1e-2, 3e-2];

interface Patch {
  file: string;
  label: 'ai' | 'real';
  generator: string | null;
  repo: string;
  licence: string;
  source: { width: number; height: number; format: string };
}

const VIEWS = ['original', 'aug_jpeg', 'aug_resize', 'reencoded'] as const;
type View = (typeof VIEWS)[number];
const TRAIN_VIEWS: readonly View[] = ['original', 'aug_jpeg', 'aug_resize'];

/** Generator family of an AI patch (the names the model card reports). */
function family(generator: string): string {
  const rules: [RegExp, string][] = [
    [/StyleGAN2/i, 'StyleGAN2'],
    [/Kolors/i, 'Kolors'],
    [/SDXL/i, 'SDXL'],
    [/Stable Diffusion 2/i, 'Stable Diffusion 2.x'],
    [/SD1\.5/i, 'Stable Diffusion 1.5'],
    [/FLUX/i, 'FLUX.1'],
    [/Hunyuan/i, 'HunyuanDiT'],
    [/OmniGen/i, 'OmniGen'],
    [/DeepFloyd/i, 'DeepFloyd IF'],
    [/Cascade/i, 'Stable Cascade'],
    [/Midjourney/i, 'Midjourney'],
    [/Qwen/i, 'Qwen-Image'],
  ];
  return rules.find(([re]) => re.test(generator))?.[1] ?? generator;
}

async function viewPixels(p: Patch, bytes: Buffer, view: View, random: () => number) {
  const meta = await sharp(bytes).metadata();
  const w = meta.width ?? 256;
  if (view === 'original') return storedPixels(bytes);
  if (view === 'aug_jpeg') {
    const jpeg = await sharp(bytes)
      .jpeg({
        quality: 60 + Math.floor(random() * 36),
        chromaSubsampling: random() < 0.7 ? '4:2:0' : '4:4:4',
      })
      .toBuffer();
    return storedPixels(jpeg);
  }
  if (view === 'aug_resize') {
    const size = Math.max(64, Math.round(w * (0.5 + random() * 0.45)));
    const jpeg = await sharp(bytes)
      .resize(size, size)
      .jpeg({ quality: 70 + Math.floor(random() * 26) })
      .toBuffer();
    return storedPixels(jpeg);
  }
  const factor = Math.min(1, 1080 / Math.max(p.source.width, p.source.height));
  const size = Math.max(64, Math.round(w * factor));
  const resized = size === w ? sharp(bytes) : sharp(bytes).resize(size, size);
  const jpeg = await resized.jpeg({ quality: 80, chromaSubsampling: '4:2:0' }).toBuffer();
  return storedPixels(jpeg);
}

interface Row {
  patch: number;
  view: View;
  x: number[];
}

async function features(patches: Patch[]): Promise<Row[]> {
  const key = createHash('sha256')
    .update(readFileSync(join(DATA, 'manifest.json')))
    .update(readFileSync(join(REPO_ROOT, 'src/server/vision/authenticity/pixel-features.ts')))
    .update(String(SEED))
    .digest('hex')
    .slice(0, 16);
  const file = join(CACHE_DIR, `features-${key}.json`);
  if (existsSync(file)) {
    console.log(`features from ${file}`);
    return JSON.parse(readFileSync(file, 'utf8')) as Row[];
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const random = rng(SEED);
  const rows: Row[] = [];
  const started = performance.now();
  for (const [i, p] of patches.entries()) {
    const bytes = readFileSync(join(DATA, p.file));
    for (const view of VIEWS) {
      const img = await viewPixels(p, bytes, view, random);
      const crop = cropPlan(img.width, img.height, 1)![0]!;
      rows.push({ patch: i, view, x: cropFeatures(img, crop) });
    }
    if ((i + 1) % 50 === 0)
      console.log(
        `features ${i + 1}/${patches.length} (${Math.round((performance.now() - started) / 1000)} s)`,
      );
  }
  writeFileSync(file, JSON.stringify(rows));
  return rows;
}

function fit(rows: Row[], patches: Patch[], l2: number): AiSignalModel {
  const d = PIXEL_FEATURE_NAMES.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j]! += r.x[j]! / rows.length;
  for (const r of rows) for (let j = 0; j < d; j++) scale[j]! += (r.x[j]! - mean[j]!) ** 2 / rows.length;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]!) || 1;
  const isAi = (r: Row) => patches[r.patch]!.label === 'ai';
  const isGan = (r: Row) => /StyleGAN2/.test(patches[r.patch]!.generator ?? '');
  const nReal = rows.filter((r) => !isAi(r)).length;
  const nGan = rows.filter(isGan).length;
  const nOtherAi = rows.filter((r) => isAi(r) && !isGan(r)).length;
  const weights = rows.map((r) =>
    !isAi(r) ? 1 : isGan(r) ? (STYLEGAN_SHARE * nReal) / nGan : ((1 - STYLEGAN_SHARE) * nReal) / nOtherAi,
  );
  const x = rows.map((r) => Float64Array.from(r.x, (v, j) => (v - mean[j]!) / scale[j]!));
  const lin = trainSoftmax(
    x,
    rows.map((r) => (isAi(r) ? 1 : 0)),
    2,
    { l2, iters: 400, lr: 0.5, weights },
  );
  // Two-class softmax -> one logit.
  return {
    model: 'optiq-pixel-probe',
    version: VERSION,
    features: [...PIXEL_FEATURE_NAMES],
    mean,
    scale,
    w: lin.w[1]!.map((v, j) => v - lin.w[0]![j]!),
    b: lin.b[1]! - lin.b[0]!,
    threshold: 1,
    platt: { a: 1, b: 0 },
    rule_enabled: false,
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Weighted AUC of logits (AI positive). */
function auc(pos: number[], neg: number[]): number {
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

async function main() {
  const manifest = JSON.parse(readFileSync(join(DATA, 'manifest.json'), 'utf8')) as { images: Patch[] };
  const patches = manifest.images;
  const rows = await features(patches);
  const repos = [...new Set(patches.map((p) => p.repo))].sort();

  // Leave-one-repository-out: out-of-fold logits for every row, per L2 strength.
  const oofFor = (l2: number) => {
    const oof = new Map<Row, number>();
    for (const repo of repos) {
      const train = rows.filter((r) => patches[r.patch]!.repo !== repo && TRAIN_VIEWS.includes(r.view));
      const model = fit(train, patches, l2);
      for (const r of rows) if (patches[r.patch]!.repo === repo) oof.set(r, probeLogit(r.x, model));
    }
    return oof;
  };
  let best = { l2: L2_GRID[0]!, auc: -1, oof: new Map<Row, number>() };
  for (const l2 of L2_GRID) {
    const oof = oofFor(l2);
    const orig = rows.filter((r) => r.view === 'original');
    const a = auc(
      orig.filter((r) => patches[r.patch]!.label === 'ai').map((r) => oof.get(r)!),
      orig.filter((r) => patches[r.patch]!.label === 'real').map((r) => oof.get(r)!),
    );
    console.log(`L2 ${l2}: held-out AUC (original view) ${a.toFixed(4)}`);
    if (a > best.auc) best = { l2, auc: a, oof };
  }
  const { oof } = best;
  const logitOf = (r: Row) => oof.get(r)!;
  const of = (view: View, label: 'ai' | 'real') =>
    rows.filter((r) => r.view === view && patches[r.patch]!.label === label);

  // Threshold: <= 2% of the real original-view dev patches at or above it.
  const realScores = of('original', 'real')
    .map((r) => sigmoid(logitOf(r)))
    .sort((a, b) => b - a);
  const k = Math.floor(TARGET_FPR * realScores.length);
  const threshold = sig4((realScores[k - 1]! + realScores[k]!) / 2);

  // Platt calibration of the held-out logits (classes weighted equally), original view.
  const cal = [...of('original', 'ai'), ...of('original', 'real')];
  const nAi = of('original', 'ai').length;
  const nRe = of('original', 'real').length;
  let a = 1;
  let b = 0;
  for (let it = 0; it < 3000; it++) {
    let ga = 0;
    let gb = 0;
    for (const r of cal) {
      const y = patches[r.patch]!.label === 'ai' ? 1 : 0;
      const w = y ? 0.5 / nAi : 0.5 / nRe;
      const z = logitOf(r);
      const g = (sigmoid(a * z + b) - y) * w;
      ga += g * z;
      gb += g;
    }
    a -= 0.5 * ga;
    b -= 0.5 * gb;
  }
  const calibration = Array.from({ length: 10 }, (_, i) => {
    const inBin = cal.filter((r) => {
      const p = sigmoid(a * logitOf(r) + b);
      return p >= i / 10 && (p < (i + 1) / 10 || i === 9);
    });
    const ai = inBin.filter((r) => patches[r.patch]!.label === 'ai').length;
    const re = inBin.length - ai;
    // Observed AI share at even prior odds (each side reweighted to half).
    const wAi = ai / nAi;
    const wRe = re / nRe;
    return {
      bin: `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`,
      ai,
      real: re,
      observed_ai_share: wAi + wRe > 0 ? sig4(wAi / (wAi + wRe)) : null,
    };
  });

  const flagged = (r: Row) => sigmoid(logitOf(r)) >= threshold;
  const rate = (set: Row[]) => proportion(set.filter(flagged).length, set.length);
  const variants = {
    original: { recall: rate(of('original', 'ai')), false_positive_rate: rate(of('original', 'real')) },
    stripped: {
      recall: rate(of('original', 'ai')),
      false_positive_rate: rate(of('original', 'real')),
      note: 'The signal reads pixels only: a metadata-stripped file has the same pixels, so the same figures.',
    },
    reencoded_1080_q80: {
      recall: rate(of('reencoded', 'ai')),
      false_positive_rate: rate(of('reencoded', 'real')),
    },
    jpeg_q60_95: { recall: rate(of('aug_jpeg', 'ai')), false_positive_rate: rate(of('aug_jpeg', 'real')) },
  };
  const families = [
    ...new Set(patches.filter((p) => p.label === 'ai').map((p) => family(p.generator!))),
  ].sort();
  const perFamily = Object.fromEntries(
    families.map((f) => {
      const set = (view: View) => of(view, 'ai').filter((r) => family(patches[r.patch]!.generator!) === f);
      return [
        f,
        {
          repositories: [...new Set(set('original').map((r) => patches[r.patch]!.repo))],
          original: rate(set('original')),
          reencoded_1080_q80: rate(set('reencoded')),
        },
      ];
    }),
  );
  const realRepos = [...new Set(patches.filter((p) => p.label === 'real').map((p) => p.repo))].sort();
  const perRealRepo = Object.fromEntries(
    realRepos.map((repo) => [
      repo,
      {
        original: rate(of('original', 'real').filter((r) => patches[r.patch]!.repo === repo)),
        reencoded_1080_q80: rate(of('reencoded', 'real').filter((r) => patches[r.patch]!.repo === repo)),
      },
    ]),
  );

  // The PIXEL rule may fire only when its flags are mostly right at even odds: held out, at
  // least 10% of AI images flagged and at least twice the share of real photos flagged.
  const ruleEnabled =
    variants.original.recall.value >= 0.1 &&
    variants.original.recall.value >= 2 * variants.original.false_positive_rate.value;
  const finalModel = fit(
    rows.filter((r) => TRAIN_VIEWS.includes(r.view)),
    patches,
    best.l2,
  );
  const shipped: AiSignalModel = {
    ...finalModel,
    mean: finalModel.mean.map(sig4),
    scale: finalModel.scale.map(sig4),
    w: finalModel.w.map(sig4),
    b: sig4(finalModel.b),
    threshold,
    platt: { a: sig4(a), b: sig4(b) },
    rule_enabled: ruleEnabled,
  };
  writeFileSync(join(OUT, 'ai-signal.json'), JSON.stringify(shipped, null, 1) + '\n');

  const measurements = {
    about:
      'Dev figures of the pixel AI-image signal, written by npm run train:ai-signal: out-of-fold scores, one fold per source repository (leave-one-repository-out) of ../shared/datasets/ai-real.',
    model: shipped.model,
    version: VERSION,
    dataset: {
      ai_patches: patches.filter((p) => p.label === 'ai').length,
      real_patches: patches.filter((p) => p.label === 'real').length,
      repositories: repos.length,
      patch: '256x256 native-resolution crops (PNG)',
    },
    method: {
      features: PIXEL_FEATURE_NAMES.length,
      probe: 'logistic regression (L2, full batch, zero init)',
      l2: best.l2,
      heldout_auc_original: sig4(best.auc),
      training_views: TRAIN_VIEWS,
      stylegan_weight_share: STYLEGAN_SHARE,
      target_false_positive_rate: TARGET_FPR,
    },
    threshold,
    rule_enabled: ruleEnabled,
    platt: shipped.platt,
    variants,
    per_family: perFamily,
    per_real_repository: perRealRepo,
    calibration,
  };
  writeFileSync(join(OUT, 'ai-signal.measurements.json'), JSON.stringify(measurements, null, 1) + '\n');
  writeFileSync(join(OUT, 'AI_SIGNAL_CARD.md'), modelCard(measurements, patches));
  console.log(
    JSON.stringify({ threshold, l2: best.l2, auc: best.auc, variants, perFamily, perRealRepo }, null, 1),
  );
}

type Rate = ReturnType<typeof proportion>;
const pct = (p: Rate) => `${(p.value * 100).toFixed(1)}% (${p.successes}/${p.trials})`;

interface Measurements {
  dataset: { ai_patches: number; real_patches: number; repositories: number };
  method: {
    features: number;
    l2: number;
    heldout_auc_original: number;
    training_views: readonly string[];
    stylegan_weight_share: number;
    target_false_positive_rate: number;
  };
  threshold: number;
  rule_enabled: boolean;
  platt: { a: number; b: number };
  variants: Record<string, { recall: Rate; false_positive_rate: Rate }>;
  per_family: Record<string, { repositories: string[]; original: Rate; reencoded_1080_q80: Rate }>;
  per_real_repository: Record<string, { original: Rate; reencoded_1080_q80: Rate }>;
  calibration: { bin: string; ai: number; real: number; observed_ai_share: number | null }[];
}

function modelCard(m: Measurements, patches: Patch[]): string {
  const licences = new Map<string, number>();
  for (const p of patches)
    licences.set(`${p.repo}: ${p.licence}`, (licences.get(`${p.repo}: ${p.licence}`) ?? 0) + 1);
  return `# Pixel AI-image signal: model card

Weights: \`ai-signal.json\` (written by \`npm run train:ai-signal\`, scripts/data/train-ai-signal.ts, seeded and
deterministic; this file and \`ai-signal.measurements.json\` are rewritten by each run). Used by
\`pixelSignal\` (./pixel-signal.ts) in every photo-authenticity answer.

## What it is
A logistic probe (${m.method.features} inputs, L2 ${m.method.l2}) over hand-made high-frequency features of
native-resolution crops (./pixel-features.ts): Laplacian-residual level and tails, per-block noise floor,
neighbouring-pixel differences by phase modulo 2/4/8 (NPR-style up-sampling traces), the residual's
radial band energies and period-2/4/8 spectral peaks, the 1/f slope of the spectrum and chroma detail.
An image is scored on up to five 256 px crops (centre and quadrant centres; 128 or 64 px on small images),
crop logits averaged. No resizing before scoring.

## Data (what the weights were trained on)
\`../shared/datasets/ai-real\`, read in place, never copied: ${m.dataset.ai_patches} AI and ${m.dataset.real_patches} real
256x256 crops from ${m.dataset.repositories} public repositories. Views trained on: ${m.method.training_views.join(', ')}
(JPEG q60-95 with 4:2:0 or 4:4:4 chroma; 0.5-0.95 resize + JPEG q70-95), so the probe cannot lean on
"PNG = AI". StyleGAN2 faces (40% of the AI patches) carry ${m.method.stylegan_weight_share * 100}% of the AI side's weight.
**Licences are mixed and several are non-commercial or absent** (NVIDIA Source Code License,
Tencent Hunyuan Community License, Academic Public License, AGPL-3.0, no licence file): whether these
weights may ship is a legal question the dataset does not answer. Decide before release.

| repository: licence | patches |
|---|---|
${[...licences]
  .sort()
  .map(([k, n]) => `| ${k} | ${n} |`)
  .join('\n')}

## Dev figures (leave-one-repository-out)
Every figure is out-of-fold: each source repository is scored by a probe trained without it, so
each generator family below is held out of the probe that scores it. Held-out AUC (original view):
${m.method.heldout_auc_original}.

Threshold: score >= **${m.threshold}**, chosen so that at most ${m.method.target_false_positive_rate * 100}% of the real dev
patches (original view) score above it (the threshold is tuned on those same held-out scores).

**PIXEL rule ${m.rule_enabled ? 'enabled' : 'disabled'}.** The rule may give the ai_generated tag only when, held out, the
probe flags at least 10% of AI patches and at least twice the share of real patches it flags.
${m.rule_enabled ? '' : 'This version does not: the API reports its score, calibrated probability and threshold on every image, and a score above the threshold is only an indicator.'}

| variant | AI flagged (recall) | real flagged (false positives) |
|---|---|---|
${Object.entries(m.variants)
  .map(
    ([k, v]: [string, { recall: Rate; false_positive_rate: Rate }]) =>
      `| ${k} | ${pct(v.recall)} | ${pct(v.false_positive_rate)} |`,
  )
  .join('\n')}

\`stripped\` equals \`original\`: the signal reads pixels only. \`reencoded_1080_q80\` scales each patch as its
source would be scaled to 1080 px on the long side, then saves it as JPEG q80 4:2:0.

| generator family (held out) | repositories | original | re-encoded 1080 px q80 |
|---|---|---|---|
${Object.entries(m.per_family)
  .map(
    ([k, v]: [string, { repositories: string[]; original: Rate; reencoded_1080_q80: Rate }]) =>
      `| ${k} | ${v.repositories.join(', ')} | ${pct(v.original)} | ${pct(v.reencoded_1080_q80)} |`,
  )
  .join('\n')}

| real photos (held out) | original | re-encoded 1080 px q80 |
|---|---|---|
${Object.entries(m.per_real_repository)
  .map(
    ([k, v]: [string, { original: Rate; reencoded_1080_q80: Rate }]) =>
      `| ${k} | ${pct(v.original)} | ${pct(v.reencoded_1080_q80)} |`,
  )
  .join('\n')}

## Calibration
\`calibrated_probability\` = sigmoid(${m.platt.a} x logit + ${m.platt.b}), a Platt fit of the held-out logits with
AI and real weighted equally: it assumes even prior odds, so on a stream where AI images are rare it
overstates the chance. Reliability on the held-out original views:

| calibrated probability | AI | real | observed AI share (even odds) |
|---|---|---|---|
${m.calibration.map((c) => `| ${c.bin} | ${c.ai} | ${c.real} | ${c.observed_ai_share ?? '-'} |`).join('\n')}

## Known failure modes
- Held out by repository the probe barely ranks AI above real (AUC ${m.method.heldout_auc_original}): these features tell
  repositories (their cameras, encoders and processing) apart better than generators from cameras. A random
  split of the same patches ranks far better, which is exactly the dataset bias a by-repository split exposes.
- Small data: ${m.dataset.ai_patches} AI patches from a dozen repositories; figures per family rest on a handful of patches (see the counts).
- Strong re-compression and downscaling erase the high frequencies it reads.
- Heavily denoised, smoothed or upscaled real photos (restorations, beauty filters, phone night modes) look generator-clean and can be flagged.
- No DALL-E 3, Imagen or Firefly in training or dev; Midjourney has 5 patches.
- A score never makes an image real: below the threshold the answer stays inconclusive.
`;
}

await main();
