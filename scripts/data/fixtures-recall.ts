/**
 * `npm run eval:fixtures`: tunes and measures how detect answers "is this class in the photo"
 * on the 80 object-labelled dev photos of the room dataset (the only photos with object labels;
 * the train split has none). From the detection study's cache (`npx tsx scripts/data/detect-views.ts`).
 *
 * Honest figures: 5-fold cross-validation over those photos, repeated with 3 seeds. Thresholds
 * are tuned on four folds and scored on the fifth only, so every reported figure is on photos
 * its thresholds never saw. The grid of settings compared (room-context bonus x F-beta) is
 * printed whole. The shipped thresholds are then tuned once on all 80 (`--write` stores them in
 * src/server/vision/fixture-thresholds.json); their in-sample figures are printed as optimistic.
 *
 * Scope: as a detect call with the photo's room category answers (the category's objects among
 * the 16 labelled classes; the general list for `other`), with the 16-class figure beside it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDetectCache } from '../lib/detect-views';
import {
  crossValidate,
  LABELLED_CLASSES,
  makeSamples,
  precision,
  recall,
  score,
  total,
  tune,
  type Counts,
} from '../lib/fixture-tuning';
import { readLabels, REPO_ROOT } from '../lib/rooms-data';
import { parseCli } from '../lib/cli';

const { write = false } = parseCli(
  'Usage: npm run eval:fixtures [-- --write]   (--write: store the tuned thresholds in src/server/vision/fixture-thresholds.json)',
  {
    options: { write: { type: 'boolean' } },
  },
).values;
const { images } = readLabels();
const rows = readDetectCache().filter((r) => r.view === 'plain' && images[r.id]?.objects);
const samples = makeSamples(rows, images);
const expected = Object.keys(images).filter((id) => images[id]!.objects).length;
if (samples.length < expected) {
  console.error(
    `${samples.length}/${expected} labelled photos in the cache; run npx tsx scripts/data/detect-views.ts`,
  );
  process.exit(1);
}
const pct = (v: number) => (Number.isNaN(v) ? '   - ' : `${(v * 100).toFixed(1)}`.padStart(5));
const line = (c: Counts) =>
  `R ${pct(recall(c))}  P ${pct(precision(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
const FALLBACK = Object.fromEntries(LABELLED_CLASSES.map((c) => [c, 0.3]));

console.log(`${samples.length} object-labelled dev photos; 5-fold CV x 3 seeds, held-out folds only\n`);
const BONUSES = [0, 0.3];
const BETAS = [1, 1.5, 2];
let best: { bonus: number; beta: number; cv: Counts; score: number } | undefined;
for (const bonus of BONUSES) {
  for (const beta of BETAS) {
    const cv = total(crossValidate(samples, { bonus, beta, fallback: FALLBACK }));
    console.log(`bonus ${bonus.toFixed(1)} beta ${beta.toFixed(1)}  ${line(cv)}`);
    // No setting reaches the goal (recall 90% at precision 95%); recall first, so the best
    // held-out F1.5 of the grid.
    const f = (3.25 * cv.tp) / (3.25 * cv.tp + 2.25 * cv.fn + cv.fp);
    if (!best || f > best.score) best = { bonus, beta, cv, score: f };
  }
}
const chosen = best!;
console.log(`\nchosen: bonus ${chosen.bonus}, beta ${chosen.beta} (best held-out F1.5 of the grid)`);
const perClass = crossValidate(samples, { bonus: chosen.bonus, beta: chosen.beta, fallback: FALLBACK });
console.log(
  `16 classes (every labelled class on every photo), held-out: ${line(total(crossValidate(samples, { bonus: chosen.bonus, beta: chosen.beta, fallback: FALLBACK, scope: 'all16' })))}`,
);
const shipped = tune(samples, chosen.bonus, chosen.beta, FALLBACK);
const inSample = score(samples, shipped);
console.log(`${'class'.padEnd(14)} thr   held-out (CV)                         in-sample (optimistic)`);
for (const c of LABELLED_CLASSES)
  console.log(
    `${c.padEnd(14)} ${shipped.thresholds[c]!.toFixed(3)} ${line(perClass.get(c)!).padEnd(38)} ${line(inSample.get(c)!)}`,
  );
console.log(`${'all'.padEnd(20)} ${line(total(perClass)).padEnd(38)} ${line(total(inSample))}`);
if (write) {
  const file = join(REPO_ROOT, 'src/server/vision/fixture-thresholds.json');
  const about =
    "Per-class score thresholds of the plain pass and the room-context bonus (a class threshold drops by bonus x how expected the class is in the photo's room), tuned by scripts/data/fixtures-recall.ts on the 80 object-labelled dev photos of the room dataset (best F-beta per class, grid 0.1-0.6); their held-out figures come from 5-fold cross-validation over those photos.";
  writeFileSync(
    file,
    JSON.stringify(
      { about, context_bonus: chosen.bonus, beta: chosen.beta, thresholds: shipped.thresholds },
      null,
      1,
    ) + '\n',
  );
  console.log(`wrote ${file}`);
}
