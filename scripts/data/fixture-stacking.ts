/**
 * `npx tsx scripts/data/fixture-stacking.ts`: would a small learned model beat per-class
 * thresholds at "is this class in the photo"? From the detection study's cache (no model pass),
 * on the 80 object-labelled dev photos, in the same cross-validation as `npm run eval:fixtures`
 * (5 folds x 3 seeds, the same splits, category scope, ambiguous ignored).
 *
 * Per (photo, class of its room category) the features are the class's best plain score, its
 * best mirrored-view score (one more pass, so shown apart), the log box area of the best plain
 * detection and the room prior (`roomPrior`: the room head's probabilities weighted by how often
 * the class shows in each room). A logistic model (L2) is fitted on the four training folds,
 * per class or pooled over classes (class as a one-hot bias), and its probability threshold is
 * tuned on the same folds (best F1.5, the middle of a tied run); the fifth fold is scored.
 * The shipped way (thresholds + room bonus + checks 1-3) is printed beside it.
 */
import { parseCli } from '../lib/cli';
import {
  add,
  cachedDevPhotos,
  classAnswers,
  crossValidate,
  LABELLED_CLASSES,
  precision,
  recall,
  shuffled,
  tally,
  total,
  zero,
  type ClassAnswer,
  type Counts,
} from '../lib/fixture-tuning';
import { fitBinaryLogistic } from '../lib/train-linear';

parseCli('Usage: npx tsx scripts/data/fixture-stacking.ts   (DETECT_CACHE names the cache file)', {});

const { samples, views } = cachedDevPhotos();
type Item = ClassAnswer;
const items = classAnswers(samples, views);

type Features = (i: Item) => number[];
const WITHOUT_FLIP: Features = (i) => [i.plain, i.logArea, i.prior, i.plain * i.prior];
const WITH_FLIP: Features = (i) => [...WITHOUT_FLIP(i), i.flip];
const ONE_HOT = (i: Item) => LABELLED_CLASSES.map((c) => (c === i.label ? 1 : 0));

const B2 = 1.5 * 1.5;
const GRID = Array.from({ length: 39 }, (_, k) => 0.05 + k * 0.025);
/** Probability threshold with the best F1.5 on `scored` (the middle of a tied run). */
function tuneThreshold(scored: readonly { p: number; present: boolean }[]): number {
  const f = GRID.map((t) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const x of scored) {
      if (x.p >= t && x.present) tp++;
      else if (x.p >= t) fp++;
      else if (x.present) fn++;
    }
    return ((1 + B2) * tp) / Math.max(1e-9, (1 + B2) * tp + B2 * fn + fp);
  });
  const top = Math.max(...f);
  const tied = GRID.filter((_, k) => f[k]! >= top - 1e-9);
  return tied[Math.floor(tied.length / 2)]!;
}

/** Fits a logistic model on `train` and returns its probability function. */
function fit(train: readonly Item[], features: (i: Item) => number[], l2: number): (i: Item) => number {
  const prob = fitBinaryLogistic(
    train.map((i) => Float64Array.from(features(i))),
    train.map((i) => (i.present ? 1 : 0)),
    { l2, iters: 300, lr: 0.5 },
  );
  return (i) => prob(Float64Array.from(features(i)));
}

function heldOut(mode: 'per-class' | 'pooled', features: Features, l2: number): Map<string, Counts> {
  const out = new Map<string, Counts>(LABELLED_CLASSES.map((c) => [c, zero()]));
  for (let rep = 0; rep < 3; rep++) {
    const order = shuffled(samples, 1000 + rep);
    for (let f = 0; f < 5; f++) {
      const held = new Set(order.filter((_, k) => k % 5 === f).map((s) => s.id));
      const train = items.filter((i) => !held.has(i.id));
      const test = items.filter((i) => held.has(i.id));
      const models = new Map<string, { prob: (i: Item) => number; t: number }>();
      if (mode === 'pooled') {
        const feats = (i: Item) => [...features(i), ...ONE_HOT(i)];
        const prob = fit(train, feats, l2);
        for (const c of LABELLED_CLASSES) {
          const mine = train.filter((i) => i.label === c);
          models.set(c, { prob, t: tuneThreshold(mine.map((i) => ({ p: prob(i), present: i.present }))) });
        }
      } else {
        for (const c of LABELLED_CLASSES) {
          const mine = train.filter((i) => i.label === c);
          if (mine.filter((i) => i.present).length < 3) {
            // Too few positives to fit: the plain score at 0.3.
            models.set(c, { prob: (i) => i.plain, t: 0.3 });
            continue;
          }
          const prob = fit(mine, features, l2);
          models.set(c, { prob, t: tuneThreshold(mine.map((i) => ({ p: prob(i), present: i.present }))) });
        }
      }
      for (const i of test) {
        const m = models.get(i.label)!;
        tally(out.get(i.label)!, m.prob(i) >= m.t, i.present);
      }
    }
  }
  return out;
}

const pct = (v: number) => (Number.isNaN(v) ? '  -  ' : `${(v * 100).toFixed(1)}%`);
const line = (c: Counts) =>
  `recall ${pct(recall(c))}  precision ${pct(precision(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
console.log(`${samples.length} photos, ${items.length} (photo, class) answers, 5 folds x 3 seeds, held out`);
const shipped = crossValidate(samples, {
  bonus: 0.3,
  beta: 1.5,
  fallback: Object.fromEntries(LABELLED_CLASSES.map((c) => [c, 0.3])),
});
console.log(`${'shipped: thresholds + room bonus + checks 1-3'.padEnd(46)} ${line(total(shipped))}`);
let best: { name: string; c: Map<string, Counts> } | undefined;
for (const mode of ['per-class', 'pooled'] as const)
  for (const [fname, features] of [
    ['plain score, area, prior', WITHOUT_FLIP],
    ['+ flip score (one more pass)', WITH_FLIP],
  ] as const)
    for (const l2 of [0.01, 0.1]) {
      const c = heldOut(mode, features, l2);
      const name = `${mode}, ${fname}, l2 ${l2}`;
      console.log(`${name.padEnd(46)} ${line(total(c))}`);
      const f = (m: Map<string, Counts>) => {
        const t = total(m);
        return ((1 + B2) * t.tp) / ((1 + B2) * t.tp + B2 * t.fn + t.fp);
      };
      if (!best || f(c) > f(best.c)) best = { name, c };
    }
console.log(`\nper class, best stacking (${best!.name}) vs shipped:`);
for (const c of LABELLED_CLASSES)
  console.log(`${c.padEnd(13)} ${line(best!.c.get(c)!).padEnd(54)} | ${line(shipped.get(c)!)}`);
console.log(`${'all'.padEnd(13)} ${line([...best!.c.values()].reduce(add, zero()))}`);
