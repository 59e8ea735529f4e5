/**
 * `npm run eval:fixtures`: image-level recall and precision of the COCO fixtures on the 80
 * object-labelled dev photos of the room dataset, from the feature cache (plain, mirrored and,
 * for wide photos, left/right square tiles; `npm run rooms:features`). Ambiguous classes are
 * ignored (neither a miss nor a false positive), as the dataset README asks.
 *
 * Compares: the plain pass at the product threshold (before), the second views merged with
 * the plain pass, and per-class thresholds. The per-class thresholds are tuned on these same dev
 * photos (the issue asks for it), so their dev figures are optimistic; a 2-fold estimate
 * (thresholds tuned on one half, scored on the other) is printed beside them.
 * Writes the tuned thresholds to src/server/vision/fixture-thresholds.json with `--write`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nonMaxSuppression, type RawDetection } from '../src/server/vision/model';
import { cocoLabel, COCO_LABELS, type CocoLabel } from '../src/server/vision/coco-labels';
import { freeChecks } from '../src/server/vision/checks';
import { classifyRoom, type RoomScore } from '../src/server/vision/rooms/classifier';
import { readCache, readLabels, REPO_ROOT, type CachedDetection, type ViewName } from './lib/rooms-data';

const { images } = readLabels();
const cache = readCache();
const ids = Object.keys(images).filter((id) => images[id]!.objects).sort();
const CLASSES = ['chair', 'sink', 'dining table', 'bed', 'couch', 'potted plant', 'vase', 'oven', 'refrigerator', 'book', 'toilet', 'clock', 'tv', 'microwave', 'person', 'laptop'] as const;
const PRODUCT = 0.3;

const views = new Map<string, Partial<Record<ViewName, CachedDetection[]>>>();
for (const r of cache) {
  if (!images[r.id]?.objects) continue;
  views.set(r.id, { ...views.get(r.id), [r.view]: r.dets });
}
const missing = ids.filter((id) => !views.get(id)?.plain || !views.get(id)?.flip);
if (missing.length) {
  console.error(`${missing.length} labelled photos lack plain/flip rows in the cache; run npm run rooms:features`);
  process.exit(1);
}

const toRaw = (d: CachedDetection): RawDetection => ({ label: d.l as CocoLabel, classIndex: (COCO_LABELS as readonly string[]).indexOf(d.l), score: d.s, box: d.b });

/** Merged detections of the given views (NMS across views: a box seen in two views is one). */
const mergedCache = new Map<string, RawDetection[]>();
const mergedDets = (id: string, names: ViewName[]): RawDetection[] => {
  const key = `${id}|${names.join()}`;
  let out = mergedCache.get(key);
  if (!out) {
    // Nothing below the lowest threshold tried matters.
    out = nonMaxSuppression(names.flatMap((n) => (views.get(id)![n] ?? []).filter((d) => d.s >= 0.15).map(toRaw)));
    mergedCache.set(key, out);
  }
  return out;
};

const roomOf = new Map<string, RoomScore[]>();
for (const r of cache) {
  if (r.view !== 'plain' || !images[r.id]?.objects) continue;
  const dets = r.dets.filter((d) => d.s >= 0.3).map((d) => ({ label: d.l as CocoLabel, confidence: d.s }));
  roomOf.set(r.id, classifyRoom({ features: { head: Float32Array.from(r.head), backbone: Float32Array.from(r.backbone) }, detections: dets }));
}

interface Config { views: ViewName[]; checks: number }
/** Classes said present: detections at their threshold that survive checks 1..n. */
function said(id: string, cfg: Config, th: (c: string) => number): Set<string> {
  const dets = mergedDets(id, cfg.views).filter((d) => d.score >= th(d.label));
  const dropped = freeChecks(dets, cfg.checks, roomOf.get(id), th);
  return new Set(dets.filter((_, i) => !dropped[i]).map((d) => d.label));
}
type Strategy = (id: string, th: (c: string) => number) => Set<string>;
const strategy = (cfg: Config): Strategy => (id, th) => said(id, cfg, th);

interface PR { tp: number; fp: number; fn: number }
function score(strategy: Strategy, th: (c: string) => number, subset: string[] = ids): Map<string, PR> {
  const out = new Map<string, PR>(CLASSES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]));
  for (const id of subset) {
    const e = images[id]!;
    const present = strategy(id, th);
    for (const c of CLASSES) {
      if (e.ambiguous?.includes(c)) continue;
      const truth = e.objects!.includes(c);
      const said = present.has(c);
      const pr = out.get(c)!;
      if (said && truth) pr.tp++;
      else if (said) pr.fp++;
      else if (truth) pr.fn++;
    }
  }
  return out;
}
const total = (m: Map<string, PR>): PR => [...m.values()].reduce((a, b) => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn }), { tp: 0, fp: 0, fn: 0 });
const rec = (p: PR) => (p.tp + p.fn ? p.tp / (p.tp + p.fn) : NaN);
const prec = (p: PR) => (p.tp + p.fp ? p.tp / (p.tp + p.fp) : NaN);
const f = (v: number) => (Number.isNaN(v) ? '  -  ' : v.toFixed(2).padStart(5));

/** Per-class threshold: the best F1 on `subset`, ties to the higher threshold, never below 0.15. */
function tune(strategy: Strategy, subset: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of CLASSES) {
    let best = { t: PRODUCT, f1: -1 };
    for (let t = 0.5; t >= 0.15 - 1e-9; t -= 0.05) {
      const p = score(strategy, (l) => (l === c ? t : PRODUCT), subset).get(c)!;
      const f1 = (2 * p.tp) / Math.max(1, 2 * p.tp + p.fp + p.fn);
      if (f1 > best.f1 + 1e-9) best = { t: Number(t.toFixed(3)), f1 };
    }
    out.set(c, best.t);
  }
  return out;
}

const strategies: [string, Strategy][] = [
  ['plain, no checks', strategy({ views: ['plain'], checks: 0 })],
  ['plain, checks 1-3', strategy({ views: ['plain'], checks: 3 })],
  ['plain+flip, no checks', strategy({ views: ['plain', 'flip'], checks: 0 })],
  ['plain+flip+tiles, no checks', strategy({ views: ['plain', 'flip', 'tileL', 'tileR'], checks: 0 })],
  ['plain+flip+tiles, checks 1-3', strategy({ views: ['plain', 'flip', 'tileL', 'tileR'], checks: 3 })],
];
console.log(`${ids.length} object-labelled dev photos; micro-averaged over ${CLASSES.length} classes (ambiguous ignored)\n`);
console.log(`${'strategy'.padEnd(30)} ${'threshold'.padEnd(22)} recall  prec`);
const half = [ids.filter((_, i) => i % 2 === 0), ids.filter((_, i) => i % 2 === 1)];
for (const [name, s] of strategies) {
  const g = total(score(s, () => PRODUCT));
  console.log(`${name.padEnd(30)} ${'0.30 (product)'.padEnd(22)} ${f(rec(g))}  ${f(prec(g))}`);
  const tuned = tune(s, ids);
  const t = total(score(s, (c) => tuned.get(c)!));
  console.log(`${''.padEnd(30)} ${'per class, tuned on dev'.padEnd(22)} ${f(rec(t))}  ${f(prec(t))}`);
  // 2-fold: tune on one half, score the other, sum.
  const cv = [0, 1].map((k) => total(score(s, (c) => tune(s, half[k]!).get(c)!, half[1 - k]))).reduce((a, b) => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn }));
  console.log(`${''.padEnd(30)} ${'per class, 2-fold dev'.padEnd(22)} ${f(rec(cv))}  ${f(prec(cv))}`);
}

// What ships: the plain pass (one pass), per-class thresholds, checks 1-3 (the default).
const chosen = strategy({ views: ['plain'], checks: 3 });
const tuned = tune(chosen, ids);
const before = score(strategy({ views: ['plain'], checks: 0 }), () => PRODUCT);
const after = score(chosen, (c) => tuned.get(c)!);
console.log('\nper class: before (plain pass, 0.30) -> after (plain pass, per-class threshold tuned on dev, checks 1-3)');
console.log(`${'class'.padEnd(14)} pos  thr   recall         precision`);
for (const c of CLASSES) {
  const b = before.get(c)!;
  const a = after.get(c)!;
  console.log(`${c.padEnd(14)} ${String(b.tp + b.fn).padStart(3)}  ${tuned.get(c)!.toFixed(2)}  ${f(rec(b))} -> ${f(rec(a))}  ${f(prec(b))} -> ${f(prec(a))}`);
}
const tb = total(before);
const ta = total(after);
console.log(`${'all'.padEnd(14)} ${String(tb.tp + tb.fn).padStart(3)}        ${f(rec(tb))} -> ${f(rec(ta))}  ${f(prec(tb))} -> ${f(prec(ta))}`);
// What the free checks change at the tuned thresholds.
let changed = 0;
let fixedFp = 0;
let lostTp = 0;
for (const id of ids) {
  const e = images[id]!;
  const a = said(id, { views: ['plain'], checks: 0 }, (c) => tuned.get(c) ?? PRODUCT);
  const b = said(id, { views: ['plain'], checks: 3 }, (c) => tuned.get(c) ?? PRODUCT);
  for (const c of a) {
    if (b.has(c)) continue;
    changed++;
    if (e.ambiguous?.includes(c)) continue;
    if (e.objects!.includes(c)) lostTp++;
    else fixedFp++;
  }
}
console.log(`checks 1-3 at these thresholds removed ${changed} class answers on ${ids.length} photos: ${fixedFp} false positives, ${lostTp} true ones (the rest ambiguous or unlabelled classes)`);
if (process.argv.includes('--write')) {
  const file = join(REPO_ROOT, 'src/server/vision/fixture-thresholds.json');
  writeFileSync(file, JSON.stringify({ about: 'Per-class score thresholds of the plain pass, tuned on the room dataset dev split by scripts/fixtures-recall.ts (best F1, never below 0.15).', thresholds: Object.fromEntries(tuned) }, null, 1) + '\n');
  console.log(`wrote ${file}`);
}
void cocoLabel;
