/**
 * The detection study's cache (`scripts/detect-views.ts` writes it, the evaluation and the
 * threshold tuning read it): per (photo, view) the detections, boxes as fractions of the whole
 * photo, and for the plain view the pass's image-level features.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ViewAugmentation } from '../../src/server/vision/image-input';
import { REPO_ROOT } from './rooms-data';

export const DETECT_CACHE = resolve(process.env['DETECT_CACHE'] ?? join(REPO_ROOT, '.cache/detect-views/views.jsonl'));

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

export function readDetectCache(): DetectViewRow[] {
  return readFileSync(DETECT_CACHE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DetectViewRow);
}
