/**
 * How the detect API answers "is this class in the photo" from one cached pass, and the tuning
 * of its per-class thresholds and room-context bonus. The answer goes through the product's own
 * functions (`contextThreshold`, `freeChecks`, `classifyRoom`), so what is tuned and scored here
 * is what `analyzeImage` answers with the default `error_checks` (3, no extra pass).
 *
 * Scoring follows the dataset README: `ambiguous` classes are neither misses nor false
 * positives. A photo is scored, as a detect call with its room's category would be, on the
 * category's objects that are among the 16 labelled classes (the general list for `other`); the
 * 16-class figure is reported beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contextThreshold, freeChecks, MIN_THRESHOLD, roomPrior } from '../../src/server/vision/checks';
import type { CocoLabel } from '../../src/server/vision/coco-labels';
import { GENERAL_OBJECTS } from '../../src/server/vision/detection-service';
import {
  VERIFIED_CLASSES as LABELLED_CLASSES,
  type VerifiedClass as LabelledClass,
} from '../../src/server/vision/fixture-verifier';
import { classifyRoom, type RoomScore } from '../../src/server/vision/rooms/classifier';
import { resolveObject } from '../../src/server/vision/vocabulary';
import { readLabels, readLabelsWithTrainObjects, REPO_ROOT, type LabelEntry } from './rooms-data';
import { readDetectCache, type CachedDet } from './detect-views';

/** The COCO classes the dev subset labels (dataset README): those the learned answer decides. */
export { LABELLED_CLASSES, type LabelledClass };

export interface Sample {
  id: string;
  room: string;
  source: string;
  truth: ReadonlySet<string>;
  ambiguous: ReadonlySet<string>;
  /** Classes a detect call with the photo's room category answers (within the labelled 16). */
  categoryClasses: readonly LabelledClass[];
  dets: readonly CachedDet[];
  rooms: RoomScore[];
}

/** Category object lists as seeded (content/api-categories), as COCO classes. */
function categoryClasses(): Map<string, LabelledClass[]> {
  const dir = join(REPO_ROOT, 'content/api-categories');
  const out = new Map<string, LabelledClass[]>();
  const toClasses = (names: readonly string[]) =>
    LABELLED_CLASSES.filter((c) => names.some((n) => resolveObject(n) === c));
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const { objects } = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { objects: string[] };
    out.set(f.replace(/\.json$/, ''), toClasses(objects));
  }
  out.set('other', toClasses(GENERAL_OBJECTS));
  return out;
}

export function makeSamples(
  rows: readonly { id: string; dets: CachedDet[]; head?: number[]; backbone?: number[] }[],
  labels: Record<string, LabelEntry & { objects?: string[] }>,
): Sample[] {
  const cats = categoryClasses();
  return rows.map((r) => {
    const e = labels[r.id]!;
    const rooms = classifyRoom({
      features: { head: Float32Array.from(r.head ?? []), backbone: Float32Array.from(r.backbone ?? []) },
      detections: r.dets.filter((d) => d.s >= 0.3).map((d) => ({ label: d.l as CocoLabel, confidence: d.s })),
    });
    return {
      id: r.id,
      room: e.room,
      source: e.source,
      truth: new Set(e.objects ?? []),
      ambiguous: new Set(e.ambiguous ?? []),
      categoryClasses: cats.get(e.room) ?? cats.get('other')!,
      // Nothing below the lowest threshold any setting can have matters.
      dets: r.dets.filter((d) => d.s >= MIN_THRESHOLD),
      rooms,
    };
  });
}

/**
 * The object-labelled dev photos in the detection study's cache: their samples (from the plain
 * pass) and every cached view's detections, by photo then view.
 */
export function cachedDevPhotos(): { samples: Sample[]; views: Map<string, Map<string, CachedDet[]>> } {
  const { images } = readLabels();
  const rows = readDetectCache().filter((r) => images[r.id]?.objects);
  const views = new Map<string, Map<string, CachedDet[]>>();
  for (const r of rows) {
    if (!views.has(r.id)) views.set(r.id, new Map());
    views.get(r.id)!.set(r.view, r.dets);
  }
  return {
    samples: makeSamples(
      rows.filter((r) => r.view === 'plain'),
      images,
    ),
    views,
  };
}

/**
 * Every object-labelled photo in the detection study's cache, from its plain pass: the train
 * photos with the project's labels (scripts/data/rooms-train-objects.labels.json) and the dev
 * photos with the dataset's. Throws when the cache lacks some (run scripts/data/detect-views.ts).
 */
export function cachedLabelledSplits(): { train: Sample[]; dev: Sample[] } {
  const { images } = readLabelsWithTrainObjects();
  const rows = readDetectCache().filter((r) => r.view === 'plain' && images[r.id]?.objects);
  const expected = Object.keys(images).filter((id) => images[id]!.objects).length;
  if (rows.length < expected)
    throw new Error(
      `${rows.length}/${expected} labelled photos in the cache; run npx tsx scripts/data/detect-views.ts`,
    );
  const split = (name: 'train' | 'dev') =>
    makeSamples(
      rows.filter((r) => images[r.id]!.split === name),
      images,
    );
  return { train: split('train'), dev: split('dev') };
}

/** One (photo, class of its room category) question with what the cached views say about it. */
export interface ClassAnswer {
  id: string;
  label: string;
  present: boolean;
  /** Best score of the class in the plain pass (0 when absent). */
  plain: number;
  /** ... in the mirrored view. */
  flip: number;
  /** ... in the best of the 2x2 tiles. */
  tile: number;
  /** Log of the box area (share of the photo) of the best plain detection (1e-4 when absent). */
  logArea: number;
  /** How expected the class is in the photo's room (`roomPrior`). */
  prior: number;
}

/** The scored questions of `samples` (ambiguous ones left out), from their cached views. */
export function classAnswers(
  samples: readonly Sample[],
  views: ReadonlyMap<string, ReadonlyMap<string, readonly CachedDet[]>>,
): ClassAnswer[] {
  const bestOf = (dets: readonly CachedDet[] | undefined, label: string) =>
    (dets ?? []).filter((d) => d.l === label).sort((a, b) => b.s - a.s)[0];
  return samples.flatMap((s) => {
    const v = views.get(s.id);
    return s.categoryClasses
      .filter((c) => !s.ambiguous.has(c))
      .map((c) => {
        const d = bestOf(v?.get('plain'), c);
        return {
          id: s.id,
          label: c,
          present: s.truth.has(c),
          plain: d?.s ?? 0,
          flip: bestOf(v?.get('flip'), c)?.s ?? 0,
          tile: Math.max(0, ...['q0', 'q1', 'q2', 'q3'].map((q) => bestOf(v?.get(q), c)?.s ?? 0)),
          logArea: Math.log(d ? Math.max(1e-4, (d.b[2] - d.b[0]) * (d.b[3] - d.b[1])) : 1e-4),
          prior: roomPrior(c, s.rooms),
        };
      });
  });
}

export interface Params {
  thresholds: Record<string, number>;
  bonus: number;
}

/** Classes the API says are present: thresholds lowered by the room prior, then checks 1-3. */
export function answer(s: Sample, p: Params): Set<string> {
  const base = (l: string) => p.thresholds[l] ?? 0.3;
  const th = (l: string) => contextThreshold(l, s.rooms, base, p.bonus);
  const dets = s.dets
    .filter((d) => d.s >= th(d.l))
    .map((d) => ({ label: d.l as CocoLabel, score: d.s, box: d.b }));
  const dropped = freeChecks(dets, 3, s.rooms, th);
  return new Set(dets.filter((_, i) => !dropped[i]).map((d) => d.label));
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
/** Counts one answer: said present or not, against whether it is there. */
export function tally(k: Counts, said: boolean, present: boolean): void {
  if (said && present) k.tp++;
  else if (said) k.fp++;
  else if (present) k.fn++;
}
export const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });
export const recall = (c: Counts): number => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : Number.NaN);
export const precision = (c: Counts): number => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : Number.NaN);

export type Scope = 'category' | 'all16';
const scoredClasses = (s: Sample, scope: Scope): readonly string[] =>
  scope === 'category' ? s.categoryClasses : LABELLED_CLASSES;

/** Per-class counts over `samples`. */
export function score(samples: readonly Sample[], p: Params, scope: Scope = 'category'): Map<string, Counts> {
  const out = new Map<string, Counts>(LABELLED_CLASSES.map((c) => [c, zero()]));
  for (const s of samples) {
    const said = answer(s, p);
    for (const c of scoredClasses(s, scope)) {
      if (s.ambiguous.has(c)) continue;
      tally(out.get(c)!, said.has(c), s.truth.has(c));
    }
  }
  return out;
}
function scoreClass(samples: readonly Sample[], p: Params, c: string): Counts {
  const k = zero();
  for (const s of samples) {
    if (!s.categoryClasses.includes(c as LabelledClass) || s.ambiguous.has(c)) continue;
    tally(k, answer(s, p).has(c), s.truth.has(c));
  }
  return k;
}
export const total = (m: Map<string, Counts>): Counts => [...m.values()].reduce(add, zero());

const GRID = Array.from({ length: 21 }, (_, i) => Math.round((0.6 - i * 0.025) * 1000) / 1000); // 0.6 .. 0.1

/** Positive photos a class needs in the tuning set before its threshold may go below the fallback. */
const MIN_POSITIVES_TO_LOWER = 4;

/**
 * Per-class thresholds that maximise F-beta (category scope) on `samples`, one class at a time
 * (the others held), two sweeps. Where several grid values tie (a class seen in few photos: every
 * threshold between its strongest false detection and its weakest true one scores the same), the
 * middle of the tied run is kept, the widest margin either side, rather than its top, which
 * cut off the next photo's slightly weaker true detection (a few in ten toilets, beds and
 * microwaves missed on held-out folds). A class with no positive in
 * `samples` keeps `fallback`, and one with fewer than MIN_POSITIVES_TO_LOWER positives is never
 * set below it: one or two photos cannot show that a weaker score is safe on other photos (a
 * person threshold tuned on one photo found a person in a close-up of a cat).
 */
export function tune(
  samples: readonly Sample[],
  bonus: number,
  beta: number,
  fallback: Record<string, number>,
): Params {
  const p: Params = { thresholds: { ...fallback }, bonus };
  const b2 = beta * beta;
  for (let sweep = 0; sweep < 2; sweep++) {
    for (const c of LABELLED_CLASSES) {
      const relevant = samples.filter(
        (s) => s.categoryClasses.includes(c) && (s.truth.has(c) || s.dets.some((d) => d.l === c)),
      );
      if (!relevant.some((s) => s.truth.has(c) && !s.ambiguous.has(c))) continue;
      const fs = GRID.map((t) => {
        const k = scoreClass(relevant, { ...p, thresholds: { ...p.thresholds, [c]: t } }, c);
        return ((1 + b2) * k.tp) / Math.max(1e-9, (1 + b2) * k.tp + b2 * k.fn + k.fp);
      });
      const bestF = Math.max(...fs);
      const tied = GRID.filter((_, i) => fs[i]! >= bestF - 1e-9);
      const t = tied[Math.floor(tied.length / 2)]!;
      const positives = relevant.filter((s) => s.truth.has(c) && !s.ambiguous.has(c)).length;
      p.thresholds[c] = positives < MIN_POSITIVES_TO_LOWER ? Math.max(t, fallback[c] ?? t) : t;
    }
  }
  return p;
}

/** Seeded shuffle (mulberry32). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * k-fold cross-validation over the photos, repeated with `repeats` seeds: thresholds tuned on
 * k-1 folds, scored on the held-out fold only. Returns the summed held-out counts per class.
 */
export function crossValidate(
  samples: readonly Sample[],
  opts: {
    bonus: number;
    beta: number;
    k?: number;
    repeats?: number;
    fallback: Record<string, number>;
    scope?: Scope;
  },
): Map<string, Counts> {
  const k = opts.k ?? 5;
  const out = new Map<string, Counts>(LABELLED_CLASSES.map((c) => [c, zero()]));
  for (let rep = 0; rep < (opts.repeats ?? 3); rep++) {
    const order = shuffled(samples, 1000 + rep);
    for (let f = 0; f < k; f++) {
      const held = order.filter((_, i) => i % k === f);
      const train = order.filter((_, i) => i % k !== f);
      const p = tune(train, opts.bonus, opts.beta, opts.fallback);
      for (const [c, v] of score(held, p, opts.scope)) out.set(c, add(out.get(c)!, v));
    }
  }
  return out;
}
