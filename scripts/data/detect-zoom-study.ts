/**
 * `npx tsx scripts/data/detect-zoom-study.ts`: what a zoomed second look at borderline boxes
 * would add to detect's answer, from the zoom cache (`scripts/data/detect-zoom.ts`) and the
 * detection study's cache; no model pass here.
 *
 * On top of the shipped way of answering (per-class thresholds, room bonus, checks 1-3), per
 * photo:
 * - accept: a class of the photo's category that the answer leaves out, with a plain detection
 *   scoring within `band` under its threshold, is looked at again on its context window; it
 *   joins the answer when the window finds the class at `confirm` or more on a box overlapping
 *   the plain one (IoU >= 0.3);
 * - reject: a class in the answer whose every standing detection is less than `rejectBand`
 *   above its threshold is looked at again and leaves the answer unless the window finds it at
 *   `rejectConfirm` or more;
 * - at most `cap` looks per photo (the candidates nearest their threshold first).
 * Band, confirm, reject band, reject confirm and cap are tuned on the training folds (with the
 * thresholds tuned on the same folds; best F1.5 as `npm run eval:fixtures`, or `--beta`), and scored on the
 * held-out fold only: 5 folds x 3 seeds, the same splits. Printed: held-out recall, precision
 * and the average looks (extra passes) per photo, for each cap.
 */
import { contextThreshold } from '../../src/server/vision/checks';
import { iou } from '../../src/server/vision/box-iou';
import { existsSync, readFileSync } from 'node:fs';
import { parseCli } from '../lib/cli';
import { ZOOM_CACHE, type ZoomRow } from '../lib/detect-views';
import {
  answer,
  cachedDevPhotos,
  LABELLED_CLASSES,
  precision,
  recall,
  shuffled,
  tally,
  tune,
  zero,
  type Counts,
  type Params,
  type Sample,
} from '../lib/fixture-tuning';

const { beta = '1.5' } = parseCli(
  'Usage: npx tsx scripts/data/detect-zoom-study.ts [-- --beta B]   (B: the F-beta the zoom settings are tuned for, default 1.5 as the thresholds; DETECT_CACHE, ZOOM_CACHE name the caches)',
  { options: { beta: { type: 'string' } } },
).values;
const B2 = Number(beta) ** 2;
if (!existsSync(ZOOM_CACHE)) {
  console.error(`No zoom cache at ${ZOOM_CACHE}: run nice -n 10 npx tsx scripts/data/detect-zoom.ts`);
  process.exit(1);
}
const { samples } = cachedDevPhotos();
const zoom = new Map<string, ZoomRow>();
for (const l of readFileSync(ZOOM_CACHE, 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(l) as ZoomRow;
  zoom.set(`${r.id}|${r.box.join(',')}`, r);
}

interface ZoomParams {
  band: number;
  confirm: number;
  rejectBand: number;
  rejectConfirm: number;
  cap: number;
}

/** The window's best score for the row's class on a box overlapping the plain one. */
const zoomScore = (r: ZoomRow): number =>
  Math.max(0, ...r.dets.filter((d) => d.l === r.label && iou(d.b, r.box) >= 0.3).map((d) => d.s));

/** The answer with zoomed second looks, and how many looks it took. */
function zoomAnswer(s: Sample, p: Params, z: ZoomParams): { said: Set<string>; looks: number } {
  const said = answer(s, p);
  const th = (l: string) => contextThreshold(l, s.rooms, (x) => p.thresholds[x] ?? 0.3, p.bonus);
  const looks: { label: string; gap: number; row: ZoomRow; accept: boolean }[] = [];
  for (const c of s.categoryClasses) {
    const dets = s.dets.filter((d) => d.l === c);
    const row = (b: readonly number[]) => zoom.get(`${s.id}|${b.join(',')}`);
    if (!said.has(c)) {
      const d = dets.find((x) => x.s < th(c) && x.s >= th(c) - z.band && row(x.b));
      if (d) looks.push({ label: c, gap: th(c) - d.s, row: row(d.b)!, accept: true });
    } else if (z.rejectBand > 0) {
      const standing = dets.filter((x) => x.s >= th(c));
      const top = standing[0];
      if (top && standing.every((x) => x.s < th(c) + z.rejectBand) && row(top.b))
        looks.push({ label: c, gap: top.s - th(c), row: row(top.b)!, accept: false });
    }
  }
  looks.sort((a, b) => a.gap - b.gap);
  const run = looks.slice(0, z.cap);
  for (const l of run) {
    const v = zoomScore(l.row);
    if (l.accept && v >= z.confirm) said.add(l.label);
    if (!l.accept && v < z.rejectConfirm) said.delete(l.label);
  }
  return { said, looks: run.length };
}

function count(ss: readonly Sample[], p: Params, z: ZoomParams): Counts & { looks: number } {
  const c = { ...zero(), looks: 0 };
  for (const s of ss) {
    const { said, looks } = zoomAnswer(s, p, z);
    c.looks += looks;
    for (const l of s.categoryClasses) {
      if (s.ambiguous.has(l)) continue;
      tally(c, said.has(l), s.truth.has(l));
    }
  }
  return c;
}
const fBeta = (c: Counts) => ((1 + B2) * c.tp) / Math.max(1e-9, (1 + B2) * c.tp + B2 * c.fn + c.fp);

const GRID: ZoomParams[] = [];
for (const band of [0, 0.03, 0.05, 0.08, 0.12])
  for (const confirm of [0.1, 0.15, 0.2, 0.25, 0.3, 0.4])
    for (const rejectBand of [0, 0.03, 0.06, 0.1])
      for (const rejectConfirm of rejectBand > 0 ? [0.15, 0.2, 0.3] : [0])
        GRID.push({ band, confirm, rejectBand, rejectConfirm, cap: 0 });

const FALLBACK = Object.fromEntries(LABELLED_CLASSES.map((c) => [c, 0.3]));
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
console.log(`${samples.length} photos, ${zoom.size} cached looks; 5 folds x 3 seeds, held out`);
for (const cap of [0, 1, 2, 3]) {
  const c = { ...zero(), looks: 0 };
  let photos = 0;
  const chosen = new Map<string, number>();
  for (let rep = 0; rep < 3; rep++) {
    const order = shuffled(samples, 1000 + rep);
    for (let f = 0; f < 5; f++) {
      const train = order.filter((_, i) => i % 5 !== f);
      const held = order.filter((_, i) => i % 5 === f);
      const p = tune(train, 0.3, 1.5, FALLBACK);
      let best = { z: { ...GRID[0]!, cap }, f: -1 };
      for (const g of cap === 0 ? [GRID[0]!] : GRID) {
        const z = { ...g, cap };
        const v = fBeta(count(train, p, z));
        if (v > best.f + 1e-9) best = { z, f: v };
      }
      const k = JSON.stringify({ ...best.z, cap: undefined });
      chosen.set(k, (chosen.get(k) ?? 0) + 1);
      const h = count(held, p, best.z);
      c.tp += h.tp;
      c.fp += h.fp;
      c.fn += h.fn;
      c.looks += h.looks;
      photos += held.length;
    }
  }
  console.log(
    `cap ${cap}: recall ${pct(recall(c))}  precision ${pct(precision(c))}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}), ${(c.looks / photos).toFixed(2)} looks per photo`,
  );
  if (cap > 0)
    console.log(
      `  settings chosen on the training folds: ${[...chosen].map(([k, n]) => `${n}x ${k}`).join('; ')}`,
    );
}
