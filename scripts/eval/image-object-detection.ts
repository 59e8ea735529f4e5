/**
 * `npx tsx scripts/eval/image-object-detection.ts`: the object-detection API's accuracy card,
 * `content/accuracy/image-object-detection.json`.
 *
 * Set: the 80 object-labelled dev photos of the room dataset (`../shared/datasets/rooms`,
 * research-only, read in place). Each photo runs through the engine's own pass (`analyzeImage`),
 * in this process, one after another.
 *
 * - Fixture recall and precision (`detect.fixture_recall`, `detect.fixture_precision`): held out.
 *   The learned answer (`npm run train:fixture-verifier -- --write`) and the per-class thresholds
 *   (`npm run eval:fixtures -- --write`) are trained and tuned on the 706 train photos, with the
 *   project's object labels, so these dev photos, labelled by the dataset, measure them once
 *   through `analyzeImage` with the default `error_checks` (3). Scope: what detect answers with
 *   the photo's room category (its objects among the 16 labelled classes); the 16-class figure
 *   beside it. The train photos' cross-validated figures (`train_cv` of both files) are notes.
 * - Presence fixtures (bathtub, shower, fireplace, kitchen island, mirror): the heads' dev
 *   figures from the room head file; none reaches F1 0.8, none is offered.
 * - Latency: a bare pass (decode + one pass, no checks) against detect's default (decode + pass
 *   with features, room classifier, learned answer, thresholds, checks 1-3), interleaved on the same
 *   real photos, warm, with the load average.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeImage } from '../../src/server/vision/detector';
import { decodeTrustedImage } from '../../src/server/vision/image-input';
import { loadModel } from '../../src/server/vision/model';
import { ROOM_HEAD } from '../../src/server/vision/rooms/head';
import thresholdsFile from '../../src/server/vision/fixture-thresholds.json';
import verifierFile from '../../src/server/vision/fixture-verifier.json';
import { writeAccuracyCard } from '../lib/accuracy-card';
import { LABELLED_CLASSES, makeSamples, tally, total, type Counts } from '../lib/fixture-tuning';
import { DATASET_DIR, datasetPresent, readLabels } from '../lib/rooms-data';
import { machineLoad, percentile, proportion } from '../lib/stats';

if (!datasetPresent()) {
  console.error(`No dataset at ${DATASET_DIR} (set ROOMS_DATASET)`);
  process.exit(1);
}
const { images } = readLabels();
const ids = Object.keys(images)
  .filter((id) => images[id]!.objects)
  .sort();
const bytesOf = (id: string) => new Uint8Array(readFileSync(join(DATASET_DIR, 'images', id)));
await loadModel();

const FILE = thresholdsFile as {
  context_bonus?: number;
  beta?: number;
  train_cv: { photos: number; tp: number; fp: number; fn: number; seeds: number };
  thresholds: Record<string, number>;
};
const bonus = FILE.context_bonus ?? 0;
const beta = FILE.beta ?? 1;

// 1. One pass per photo, detections down to 0.05 and the features: what the tuning reads.
console.log(`${ids.length} object-labelled dev photos: one pass each`);
const rows = [];
for (const id of ids) {
  const a = await analyzeImage(await decodeTrustedImage(bytesOf(id)), {
    errorChecks: 0,
    features: true,
    minScore: 0.05,
  });
  rows.push({
    id,
    head: Array.from(a.features!.head),
    backbone: Array.from(a.features!.backbone),
    dets: a.detections.map((d) => ({
      l: d.label,
      s: d.confidence,
      b: [
        d.box[0] / a.width,
        d.box[1] / a.height,
        (d.box[0] + d.box[2]) / a.width,
        (d.box[1] + d.box[3]) / a.height,
      ] as [number, number, number, number],
    })),
  });
}
const samples = makeSamples(rows, images);

// 2. Held-out figures: the shipped thresholds (tuned on the train photos) through the product's
// pass with the default error_checks, on these dev photos.
const pr = (c: Counts) => ({
  recall: proportion(c.tp, c.tp + c.fn),
  precision: proportion(c.tp, c.tp + c.fp),
});
const perClass = new Map<string, Counts>(LABELLED_CLASSES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
const perClass16 = new Map<string, Counts>(LABELLED_CLASSES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
for (const s of samples) {
  const a = await analyzeImage(await decodeTrustedImage(bytesOf(s.id)), { errorChecks: 3 });
  for (const [counts, classes] of [
    [perClass, s.categoryClasses],
    [perClass16, LABELLED_CLASSES],
  ] as const) {
    for (const c of classes) {
      if (s.ambiguous.has(c)) continue;
      tally(counts.get(c)!, a.confirmed.has(c), s.truth.has(c));
    }
  }
}
const all = total(perClass);
const all16 = total(perClass16);
const trainCv = FILE.train_cv;
const verifierCv = verifierFile.train_cv;
const verifierCv16 = verifierFile.train_cv_16;

// 4. Latency: bare pass against the default, interleaved, warm.
const timingIds = ids.filter((_, i) => i % 2 === 0);
const bare: number[] = [];
const dflt: number[] = [];
// CPU time too: on a shared machine the wall clock mostly measures the neighbours.
const bareCpu: number[] = [];
const dfltCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
for (const id of timingIds.slice(0, 3))
  await analyzeImage(await decodeTrustedImage(bytesOf(id)), { errorChecks: 3 }); // warm
// Which runs first alternates from photo to photo, so neither gets the warmer caches every time.
const timeOne = async (bytes: Uint8Array, errorChecks: number, wall: number[], cpu: number[]) => {
  const t = performance.now();
  const c = process.cpuUsage();
  await analyzeImage(await decodeTrustedImage(bytes), { errorChecks });
  wall.push(performance.now() - t);
  cpu.push(cpuMs(c));
};
for (const [i, id] of timingIds.entries()) {
  const bytes = bytesOf(id);
  if (i % 2 === 0) {
    await timeOne(bytes, 0, bare, bareCpu);
    await timeOne(bytes, 3, dflt, dfltCpu);
  } else {
    await timeOne(bytes, 3, dflt, dfltCpu);
    await timeOne(bytes, 0, bare, bareCpu);
  }
}
const load = machineLoad();
const ms = (v: number) => Math.round(v * 10) / 10;
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

const presence = ROOM_HEAD.presence;
const presenceRows = (['bathtub', 'shower', 'fireplace', 'kitchen_island', 'mirror'] as const).map((f) => ({
  f,
  dev: presence[f].dev,
  offered: presence[f].offered,
}));

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const signed = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;
const file = writeAccuracyCard({
  api: 'image-object-detection',
  title: 'Object detection: fixtures in interior photos',
  summary: `On 80 hand-labelled interior photos, detect with the photo's room category finds ${pct(all.tp / (all.tp + all.fn))} of the fixtures there at ${pct(all.tp / (all.tp + all.fp))} precision, measured once on photos its learned answer and thresholds were not trained on (they were trained on ${verifierCv.photos} other photos of the same dataset). The goal of 90% at 95% is not reached.`,
  command: 'npm run eval:image-object-detection',
  sets: [
    {
      id: 'rooms-dev-objects',
      name: 'Interior photos with object labels (room dataset, dev split)',
      version: 'labels.json object subset, 80 photos',
      size: samples.length,
      description:
        'Kitchen, bathroom, bedroom, living and dining room, office and other photos (US listing photos, Places365, MiniPlaces, 15-Scene), each labelled by eye with the COCO classes clearly visible among 16 (sink, toilet, bed, couch, chair, dining table, tv, oven, microwave, refrigerator, potted plant, clock, vase, book, laptop, person); partly visible or borderline ones are marked ambiguous and not scored. Research-only photos, never shipped.',
    },
    {
      id: 'rooms-dev-fixtures',
      name: 'Interior photos with fixture presence labels (room dataset, dev split)',
      version: 'labels.json fixtures, 177 photos',
      size: 177,
      description:
        'Every dev photo labelled by eye for bathtub, shower, fireplace, kitchen island and mirror (present, ambiguous or absent).',
    },
  ],
  metrics: [
    {
      key: 'detect.fixture_recall',
      label: "Fixture recall, detect with the photo's room category (held out)",
      set: 'rooms-dev-objects',
      ...pr(all).recall,
    },
    {
      key: 'detect.fixture_precision',
      label: "Fixture precision, detect with the photo's room category (held out)",
      set: 'rooms-dev-objects',
      ...pr(all).precision,
    },
    {
      key: 'detect.fixture_recall_16',
      label: 'Recall over all 16 labelled classes on every photo (held out)',
      set: 'rooms-dev-objects',
      ...pr(all16).recall,
    },
    {
      key: 'detect.fixture_precision_16',
      label: 'Precision over all 16 labelled classes on every photo (held out)',
      set: 'rooms-dev-objects',
      ...pr(all16).precision,
    },
  ],
  per_class: LABELLED_CLASSES.filter(
    (c) => perClass.get(c)!.tp + perClass.get(c)!.fn + perClass.get(c)!.fp > 0,
  ).map((c) => ({
    label: c,
    set: 'rooms-dev-objects',
    ...pr(perClass.get(c)!),
  })),
  latency: [
    {
      what: 'bare pass: decode + one CenterNet pass, no checks, in process, warm',
      set: 'rooms-dev-objects',
      n: bare.length,
      p50_ms: ms(percentile(bare, 50)),
      p99_ms: ms(percentile(bare, 99)),
      ...load,
    },
    {
      what: "detect's default: decode + the same pass with features, room classifier, the learned answer, thresholds and checks 1-3 (no extra pass), in process, warm",
      set: 'rooms-dev-objects',
      n: dflt.length,
      p50_ms: ms(percentile(dflt, 50)),
      p99_ms: ms(percentile(dflt, 99)),
      ...load,
    },
  ],
  scores: [
    {
      field: 'detection_results[].objects_found[].confidence',
      kind: 'raw_score',
      meaning: `The detector's own score for the box (CenterNet, 0-1), not a probability; the same score means different things for different classes. In a room (with error_checks 1 or more, the default), whether one of the 16 labelled classes is present is decided by the learned answer, which weighs this score with the class's other boxes, the room and the other classes the pass sees: a box below its class's threshold can stand and one above it can be dropped. Otherwise a class counts as present when its score reaches that class's threshold (${Math.min(...Object.values(FILE.thresholds))}-${Math.max(...Object.values(FILE.thresholds))}, tuned per class${bonus > 0 ? ", lowered a little where the photo's room makes the class expected" : ''}).`,
    },
  ],
  failure_modes: [
    'Small or partly hidden objects are missed: vases, clocks, books and sinks seen from across the room, a microwave built into cabinets.',
    'Tables are confused: a coffee table, desk or kitchen island can answer dining table, and an armchair or bed can answer couch.',
    'Look-alikes pass as fixtures: a washing machine as an oven, a dishwasher as a refrigerator, a lamp base or a guitar case as a vase, a patterned cushion, a bicycle or trees through a window as a potted plant.',
    'The photo is shrunk to 512 x 512 for the pass, so a wide or very large photo loses small objects; there is no tiling.',
    ...(bonus > 0
      ? [
          'Room-typical objects get a lower threshold, so a faint sink-like shape in a bathroom is more readily called a sink than the same shape in a bedroom.',
        ]
      : []),
    'Greyscale and 128-pixel photos score lower across the board.',
  ],
  notes: [
    `Settings: in a room, the 16 labelled classes are decided by a learned answer (src/server/vision/fixture-verifier.ts, npm run train:fixture-verifier): one logistic model pooled over the classes, reading from the plain pass only the class's best and second-best score, the size and height of its best box, how many boxes the pass gave it, the room prior, the room classifier's seven probabilities, the best score of each of the 16 classes and a per-class bias and slope. It was trained on the ${verifierCv.photos} train photos of the same dataset with the project's object labels (scripts/data/rooms-train-objects.labels.json: the dataset labels objects on its dev photos only; mixed in blind, the same labelling found all 140 clearly visible objects of these dev photos and marked 3 more), on every labelled class of every photo, and its probability threshold (${verifierFile.threshold}) was chosen on their out-of-fold answers (5 folds by photo, ${verifierCv.seeds} splits) as the one closest to 90% recall at 95% precision on both at once: there ${pct(verifierCv.tp / (verifierCv.tp + verifierCv.fn))} recall at ${pct(verifierCv.tp / (verifierCv.tp + verifierCv.fp))} precision, ${pct(verifierCv16.tp / (verifierCv16.tp + verifierCv16.fn))} at ${pct(verifierCv16.tp / (verifierCv16.tp + verifierCv16.fp))} over all 16 classes. Trained on the room category's questions alone it scored about the same on them (86.8% at 91.2% out of fold) but said yes to far more classes outside the category (78.3% precision over all 16), so every class is trained on. Nothing was chosen on these dev photos. Outside rooms the learned answer can only drop what the thresholds keep.`,
    `The per-class thresholds (what error_checks 0 answers with, and every answer outside rooms) are tuned for best F-beta (beta ${beta}) with a room-context bonus of ${bonus}, on the same ${trainCv.photos} train photos: bonus and beta were chosen among a small grid (bonus 0 or 0.3, beta 0.35 to 1.5) by 5-fold cross-validation as the setting closest to 90% recall at 95% precision, there ${pct(trainCv.tp / (trainCv.tp + trainCv.fn))} recall at ${pct(trainCv.tp / (trainCv.tp + trainCv.fp))} precision (${trainCv.seeds} splits). Shipped alone before the learned answer, the thresholds (with checks 1-3) were measured once on these dev photos through the same pass: 86.5% recall at 83.9% precision. Where several thresholds score the same, the middle one is kept, and a class with fewer than 4 positive photos is never set below 0.3. On a photo the room classifier places outside any room the thresholds never go below 0.3.`,
    "The dataset's labels are stricter than the train labels by a little (3 more objects marked clear in 80 photos), which costs some precision here.",
    'Before this, the thresholds were tuned on these 80 dev photos themselves, by 5-fold cross-validation, recall first (F1.5): 84.5% recall at 82.0% precision held out (3 splits). Tuned on the train photos, those same settings score lower precision here; the studies below were measured that earlier way, on these photos.',
    `Cost of the default over a bare pass on these photos (interleaved, the first of each pair alternating, ${bare.length} each): wall p50 ${ms(percentile(dflt, 50))} vs ${ms(percentile(bare, 50))} ms, mean ${ms(mean(dflt))} vs ${ms(mean(bare))} ms (${signed(mean(dflt), mean(bare))}); process CPU p50 ${ms(percentile(dfltCpu, 50))} vs ${ms(percentile(bareCpu, 50))} ms, mean ${ms(mean(dfltCpu))} vs ${ms(mean(bareCpu))} ms (${signed(mean(dfltCpu), mean(bareCpu))}); load average ${load.load_average.join(' / ')} on ${load.cpus} cores, so the wall times mostly measure the other work on the machine.`,
    `Presence fixtures (heads on the pass's pooled features, dev split): ${presenceRows.map((r) => `${r.f.replace('_', ' ')} F1 ${r.dev.f1.toFixed(2)} (${r.dev.tp} found, ${r.dev.fp} false, ${r.dev.fn} missed)`).join('; ')}. None reaches F1 0.8. Answered only in the room the room head names (npx tsx scripts/data/presence-in-room.ts, dev photos, the same heads): mirror in bathrooms F1 0.90 (22 found, 4 false, 1 missed), but saying "mirror" for every bathroom scores 0.87, and by source it is 1.00 on listing photos (every one shows a mirror) and 0.62 on Places365 ones; kitchen island in kitchens 0.72 (0.68 for always yes), shower in bathrooms 0.69 (0.63), fireplace in living rooms 0.46 (0.48), bathtub in bathrooms 0.48 (0.59). None holds 0.8 on both sources or beats always-yes by a margin, so none is offered: detect lists them under undetectable_objects.`,
    "A flipped second view and 2x2 tiles (each 60% of a side) were measured on the same photos (npx tsx scripts/data/detect-views-study.ts, from the views npx tsx scripts/data/detect-views.ts caches: one threshold per class on the class's best score, tuned on 4 folds, 3 splits): plain pass 76.7% recall at 84.8% precision; plain and flipped scores averaged 77.2% at 86.0%, with the room prior 79.7% at 85.9%; the best tile alone 69.7% at 80.1% (these photos are at most 640 px, many 256 or 128, so a tile adds no detail); plain, flip and best tile averaged 83.0% at 89.5%. A flip only for classes just under their threshold (within 0.03; same script) would run on 36% of the photos and, on the shipped settings, raise held-out recall from 84.5% to 87.2% while precision falls from 82.0% to 77.9%. The flip costs a second full pass and the tiles four more, far above the 15% budget for a few points, so neither runs by default; error_checks 4-10 run augmented passes for callers who want them.",
    'Every miss and false answer of the shipped thresholds on these photos (in sample: 14 missed, 16 false; npx tsx scripts/data/fixture-errors.ts --draw DIR draws them) was looked at. Misses: 7 small or low-resolution objects (three on 128 px photos), 3 hidden behind other things, 1 cut off at the edge, 2 unusual looks (a bunk bed close-up, a sunburst clock), 1 bed read as a couch (its weak bed box, inside the couch box, dropped by the overlap check). False answers: 12 look-alikes (a kitchen island, a counter and a bar stool as dining table; a washing machine as oven; a dishwasher as refrigerator; a side table as chair; a lamp base and a guitar case as vase; a patterned cushion, a bicycle and leaves through two windows as potted plant), 3 label questions (a table cut off at the bottom edge, a hanging dried-flower decoration, flowers in a pot labelled potted plant and answered vase), 1 tiny unclear object answered book; no duplicate boxes. Counting all three label questions as right would raise the in-sample precision only to 90.4%: the labels do not explain the gap to 95%.',
    'A zoomed second look was measured (npx tsx scripts/data/detect-zoom.ts caches one more pass on a square window 2.5 times the box around each plain detection of a labelled class scoring 0.08-0.6; npx tsx scripts/data/detect-zoom-study.ts): a class just under its threshold joins the answer when the window confirms it on an overlapping box, and optionally a class just over it leaves unless confirmed, the nearest to the threshold first, at most a cap of looks per photo; band, confirm score, reject band and cap tuned on the training folds, 5 folds x 3 splits. Held out: 84.5% recall at 81.8% precision with at most 1 look per photo (0.22 looks per photo on average), 85.0% at 81.3% with 2 (0.50), 84.7% at 81.6% with 3 (0.54), against 84.5% at 82.0% without. On its own the window separates somewhat (plain scores 0.2-0.35: a window score under 0.15 for 30 of 46 classes that are not there and for 12 of 49 that are), but a true answer dropped costs more than a false one under the recall-first tuning; tuned for F1 instead (--beta 1) the looks trade recall for precision, 82.5% at 86.1% with 3 (0.55 looks per photo). Every look is a full pass (the graph takes only 512 x 512 input), so even 0.22 looks per photo costs about a fifth of a pass more: not shipped.',
    'A small learned model instead of the thresholds was measured (npx tsx scripts/data/fixture-stacking.ts: logistic regression over the best plain score, its box size, the room prior and optionally the mirrored view, per class or pooled over classes, fitted and thresholded on the training folds, 5 folds x 3 splits): at best 87.2% recall at 78.4% precision (pooled, with the mirrored view, one more pass), 86.5% at 78.1% without it, 85.0% at 79.2% per class; none beats the thresholds at F1.5 (84.5% at 82.0%), so none is shipped.',
  ],
});
console.log(
  `dev, held out (category): recall ${pct(all.tp / (all.tp + all.fn))}, precision ${pct(all.tp / (all.tp + all.fp))}; 16 classes: ${pct(all16.tp / (all16.tp + all16.fn))} / ${pct(all16.tp / (all16.tp + all16.fp))}`,
);
console.log(
  `bare p50 ${ms(percentile(bare, 50))} ms (CPU ${ms(percentile(bareCpu, 50))}), default p50 ${ms(percentile(dflt, 50))} ms (CPU ${ms(percentile(dfltCpu, 50))}), load ${load.load_average.join(' ')}`,
);
console.log(`wrote ${file}`);
