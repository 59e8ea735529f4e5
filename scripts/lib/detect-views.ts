/**
 * The detection study's cache (`scripts/data/detect-views.ts` writes it, the evaluation and the
 * threshold tuning read it): per (photo, view) the detections, boxes as fractions of the whole
 * photo, and for the plain view the pass's image-level features.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { analyzeImage } from '../../src/server/vision/detector';
import type { DecodedImage, ViewAugmentation } from '../../src/server/vision/image-input';
import { detectRaw } from '../../src/server/vision/model';
import { REPO_ROOT } from './rooms-data';

export const DETECT_CACHE = resolve(
  process.env['DETECT_CACHE'] ?? join(REPO_ROOT, '.cache/detect-views/views.jsonl'),
);

/** The zoomed-second-look study's cache (`scripts/data/detect-zoom.ts`). */
export const ZOOM_CACHE = resolve(process.env['ZOOM_CACHE'] ?? join(dirname(DETECT_CACHE), 'zoom.jsonl'));

/** One zoomed second look: the plain detection it looked at and the window's detections. */
export interface ZoomRow {
  id: string;
  label: string;
  score: number;
  /** The plain detection's box, whole-photo fractions. */
  box: [number, number, number, number];
  /** The window, whole-photo fractions. */
  region: [number, number, number, number];
  /** The window's detections, boxes mapped back to whole-photo fractions. */
  dets: CachedDet[];
}

export type DetectViewName = 'plain' | 'flip' | 'q0' | 'q1' | 'q2' | 'q3';

/** 2x2 tiles, 60% of each side: top-left, top-right, bottom-left, bottom-right. */
export const TILE_REGIONS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 0.6, 0.6],
  [0.4, 0, 1, 0.6],
  [0, 0.4, 0.6, 1],
  [0.4, 0.4, 1, 1],
];

export interface CachedDet {
  /** COCO label. */
  l: string;
  /** Score. */
  s: number;
  /** [x1, y1, x2, y2] as fractions of the whole photo. */
  b: [number, number, number, number];
}

export interface DetectViewRow {
  id: string;
  view: DetectViewName;
  head?: number[];
  backbone?: number[];
  dets: CachedDet[];
}

/** Maps a box on a view back to whole-photo fractions (undoes the flip, then the region). */
export function mapViewBox(b: readonly number[], aug: ViewAugmentation): [number, number, number, number] {
  let [x1, y1, x2, y2] = b as [number, number, number, number];
  if (aug.flip) [x1, x2] = [1 - x2, 1 - x1];
  if (aug.region) {
    const [rx0, ry0, rx1, ry1] = aug.region;
    const w = rx1 - rx0;
    const h = ry1 - ry0;
    [x1, y1, x2, y2] = [rx0 + x1 * w, ry0 + y1 * h, rx0 + x2 * w, ry0 + y2 * h];
  }
  return [x1, y1, x2, y2];
}

export const detectCachePresent = (): boolean => existsSync(DETECT_CACHE);

/** The key of every row a resumable cache file already holds (none when there is no file). */
export function cachedKeys<T>(file: string, key: (row: T) => string): Set<string> {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => key(JSON.parse(l) as T)),
  );
}

export function readDetectCache(): DetectViewRow[] {
  return readFileSync(DETECT_CACHE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DetectViewRow);
}

/** Five decimals: what the caches store of features and box fractions. */
export const r5 = (v: number): number => Math.round(v * 1e5) / 1e5;

/**
 * One plain pass with the image-level features (`analyzeImage` with no checks), as the caches
 * store it: the head and backbone features and each detection with its box as fractions.
 */
export async function featurePass(
  image: DecodedImage,
  minScore: number,
): Promise<{ head: number[]; backbone: number[]; dets: CachedDet[] }> {
  const a = await analyzeImage(image, { errorChecks: 0, features: true, minScore });
  const f = a.features!;
  return {
    head: Array.from(f.head, r5),
    backbone: Array.from(f.backbone, r5),
    dets: a.detections.map((d) => ({
      l: d.label,
      s: d.confidence,
      b: [
        r5(d.box[0] / a.width),
        r5(d.box[1] / a.height),
        r5((d.box[0] + d.box[2]) / a.width),
        r5((d.box[1] + d.box[3]) / a.height),
      ],
    })),
  };
}

/** The raw detections of one view (flipped, greyscale, a tile...), boxes mapped back to the whole photo. */
export async function viewDetections(
  image: DecodedImage,
  aug: ViewAugmentation,
  minScore: number,
): Promise<CachedDet[]> {
  const dets = await detectRaw(await image.view(aug), minScore);
  return dets.map((d) => ({
    l: d.label,
    s: Math.round(d.score * 1000) / 1000,
    b: mapViewBox(d.box, aug).map(r5) as [number, number, number, number],
  }));
}

/**
 * The context window of a zoomed second look at one box (fractions of a `width` x `height`
 * photo): a square (in pixels) `context` times the box's longer side, at least `minSide` of the
 * photo's shorter side, moved inside the photo (never cut), so the model sees the object larger
 * and with its surroundings.
 */
export function zoomWindow(
  b: readonly number[],
  width: number,
  height: number,
  context = 2.5,
  minSide = 0.25,
): [number, number, number, number] {
  const [x1, y1, x2, y2] = b as [number, number, number, number];
  const short = Math.min(width, height);
  const side = Math.min(
    short,
    Math.max(minSide * short, context * Math.max((x2 - x1) * width, (y2 - y1) * height)),
  );
  const place = (centre: number, extent: number) => {
    const lo = Math.min(Math.max(0, centre - side / 2), extent - side);
    return [lo / extent, (lo + side) / extent] as const;
  };
  const [rx0, rx1] = place(((x1 + x2) / 2) * width, width);
  const [ry0, ry1] = place(((y1 + y2) / 2) * height, height);
  return [rx0, ry0, rx1, ry1];
}
