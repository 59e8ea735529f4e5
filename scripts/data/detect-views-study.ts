/**
 * `npx tsx scripts/data/detect-views-study.ts`: what a second view would add to detect's answer,
 * from the detection study's cache (`npx tsx scripts/data/detect-views.ts`; no model pass here).
 *
 * On the 80 object-labelled dev photos, each (photo, class of its room category) gets a score
 * from the views, then one threshold per class is tuned on four folds (most true minus false
 * answers, the middle of a tied run) and scored on the fifth, over three fold splits: held-out
 * recall and precision of each way of combining the views. Views: the plain pass, the mirrored
 * one (`flip`) and the best of the 2x2 tiles (`q0`..`q3`, each 60% of a side). The accuracy
 * card's note on second views quotes this table, and the last lines: a flip run only for classes
 * just under their threshold, on top of the shipped way of answering.
 */
import { contextThreshold } from '../../src/server/vision/checks';
import { parseCli } from '../lib/cli';
import type { CachedDet } from '../lib/detect-views';
import {
  answer,
  cachedDevPhotos,
  classAnswers,
  LABELLED_CLASSES,
  precision,
  recall,
  shuffled,
  tally,
  tune,
  zero,
  type ClassAnswer,
  type Counts,
} from '../lib/fixture-tuning';

parseCli('Usage: npx tsx scripts/data/detect-views-study.ts   (DETECT_CACHE names the cache file)', {});

const all = cachedDevPhotos();
const views = all.views;
const complete = [...views.keys()].filter((id) => views.get(id)!.size === 6);
const samples = all.samples.filter((s) => complete.includes(s.id));
if (samples.length === 0) {
  console.error('No complete photo in the cache: run npx tsx scripts/data/detect-views.ts');
  process.exit(1);
}
type Item = ClassAnswer;
const best = (dets: readonly CachedDet[] | undefined, label: string) =>
  Math.max(0, ...(dets ?? []).filter((d) => d.l === label).map((d) => d.s));
const items = classAnswers(samples, views);

const GRID = Array.from({ length: 61 }, (_, i) => Math.round((0.05 + i * 0.01) * 100) / 100);
function tuneThreshold(train: readonly Item[], score: (i: Item) => number): number {
  if (!train.some((i) => i.present)) return 0.5;
  const value = GRID.map((t) => train.reduce((v, i) => v + (score(i) >= t ? (i.present ? 1 : -1) : 0), 0));
  const top = Math.max(...value);
  const tied = GRID.filter((_, k) => value[k] === top);
  return tied[Math.floor(tied.length / 2)]!;
}

function heldOut(score: (i: Item) => number): Counts {
  const ids = samples.map((s) => s.id);
  const c = zero();
  for (let rep = 0; rep < 3; rep++) {
    const order = shuffled(ids, 1000 + rep);
    for (let f = 0; f < 5; f++) {
      const held = new Set(order.filter((_, i) => i % 5 === f));
      const train = items.filter((i) => !held.has(i.id));
      const th = new Map(
        LABELLED_CLASSES.map((l) => [
          l,
          tuneThreshold(
            train.filter((i) => i.label === l),
            score,
          ),
        ]),
      );
      for (const i of items.filter((x) => held.has(x.id))) {
        tally(c, score(i) >= th.get(i.label as (typeof LABELLED_CLASSES)[number])!, i.present);
      }
    }
  }
  return c;
}

const WAYS: [string, number, (i: Item) => number][] = [
  ['plain pass', 0, (i) => i.plain],
  ['plain and flip, mean', 1, (i) => (i.plain + i.flip) / 2],
  ['plain and flip, mean, + 0.3 x room prior', 1, (i) => (i.plain + i.flip) / 2 + 0.3 * i.prior],
  ['best tile', 4, (i) => i.tile],
  ['plain, flip and best tile, mean', 5, (i) => (i.plain + i.flip + i.tile) / 3],
];
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
console.log(`${samples.length} photos, ${items.length} (photo, class) answers, 5 folds x 3 splits, held out`);
for (const [name, extra, score] of WAYS) {
  const c = heldOut(score);
  console.log(
    `${name.padEnd(42)} +${extra} pass${extra === 1 ? ' ' : 'es'}  recall ${pct(recall(c))}  precision ${pct(precision(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`,
  );
}

// A flip only where it could change the answer: the shipped way (per-class thresholds with the
// room bonus, checks 1-3) answers from the plain pass; a category class whose best plain score is
// within DELTA under its threshold sends the photo through the flip, and the class counts when the
// flipped view reaches the threshold.
const FALLBACK = Object.fromEntries(LABELLED_CLASSES.map((c) => [c, 0.3]));
const flips = new Map(complete.map((id) => [id, views.get(id)!.get('flip')]));
for (const delta of [0, 0.03, 0.05]) {
  const c = zero();
  let flipped = 0;
  let answered = 0;
  for (let rep = 0; rep < 3; rep++) {
    const order = shuffled(samples, 1000 + rep);
    for (let f = 0; f < 5; f++) {
      const p = tune(
        order.filter((_, i) => i % 5 !== f),
        0.3,
        1.5,
        FALLBACK,
      );
      for (const s of order.filter((_, i) => i % 5 === f)) {
        answered++;
        const said = answer(s, p);
        const th = (l: string) => contextThreshold(l, s.rooms, (x) => p.thresholds[x] ?? 0.3, p.bonus);
        const open = s.categoryClasses.filter((l) => !said.has(l) && best(s.dets, l) >= th(l) - delta);
        if (delta > 0 && open.length > 0) {
          flipped++;
          for (const l of open) if (best(flips.get(s.id), l) >= th(l)) said.add(l);
        }
        for (const l of s.categoryClasses) {
          if (s.ambiguous.has(l)) continue;
          tally(c, said.has(l), s.truth.has(l));
        }
      }
    }
  }
  console.log(
    `shipped way, flip within ${delta.toFixed(2)} of a threshold: recall ${pct(recall(c))}  precision ${pct(precision(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}), flip on ${pct(flipped / answered)} of photos`,
  );
}
