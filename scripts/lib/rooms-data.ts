/**
 * The room dataset (research-only photos, used in place, never copied into the project) and the
 * feature cache built from it by `npm run rooms:features`.
 *
 * Dataset: ROOMS_DATASET (default `../shared/datasets/rooms` beside the repository), see its
 * README. Cache: ROOMS_CACHE (default `.cache/rooms-features/`, git-ignored), one JSON line per
 * (image, view): the plain pass's features and its detections down to score 0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const DATASET_DIR = resolve(
  process.env['ROOMS_DATASET'] ?? join(REPO_ROOT, '../shared/datasets/rooms'),
);
export const CACHE_DIR = resolve(process.env['ROOMS_CACHE'] ?? join(REPO_ROOT, '.cache/rooms-features'));
export const CACHE_FILE = join(CACHE_DIR, 'features.jsonl');
/** The same rows for the non-room photos of ./nonroom-photos.ts (ids `nr:<package>/<path>`). */
export const NONROOM_CACHE_FILE = join(CACHE_DIR, 'nonroom.jsonl');

export interface LabelEntry {
  room: string;
  split: 'train' | 'dev';
  source: string;
  objects?: string[];
  ambiguous?: string[];
  fixtures?: string[];
  fixtures_ambiguous?: string[];
  walk_in_shower?: boolean;
  fixtures_labelled?: boolean;
}

export interface LabelsFile {
  images: Record<string, LabelEntry>;
}

export const datasetPresent = (): boolean => existsSync(join(DATASET_DIR, 'labels.json'));

export function readLabels(): LabelsFile {
  return JSON.parse(readFileSync(join(DATASET_DIR, 'labels.json'), 'utf8')) as LabelsFile;
}

/**
 * The dataset's labels with this project's object labels of the train photos added
 * (scripts/data/rooms-train-objects.labels.json: the dataset labels objects on its dev photos only).
 */
export function readLabelsWithTrainObjects(): LabelsFile {
  const labels = readLabels();
  const train = JSON.parse(
    readFileSync(join(REPO_ROOT, 'scripts/data/rooms-train-objects.labels.json'), 'utf8'),
  ) as { images: Record<string, { objects: string[]; ambiguous: string[] }> };
  for (const [id, e] of Object.entries(train.images)) {
    const entry = labels.images[id];
    if (entry?.split === 'train')
      labels.images[id] = { ...entry, objects: e.objects, ambiguous: e.ambiguous };
  }
  return labels;
}

/**
 * Views cached per image. `plain` for every image; for train photos one of `grey` or `down`
 * (128 px, JPEG q55, then back up like any small photo), alternating; `flip`, `tileL` and `tileR` (the left and right
 * squares of a wide photo) for the object-labelled dev images, for the recall study.
 */
export type ViewName = 'plain' | 'grey' | 'down' | 'flip' | 'tileL' | 'tileR';

export interface CachedDetection {
  /** COCO label. */
  l: string;
  /** Score. */
  s: number;
  /** [x1, y1, x2, y2] as fractions of the whole image (tiles already mapped back). */
  b: [number, number, number, number];
}

export interface CachedRow {
  id: string;
  view: ViewName;
  head: number[];
  backbone: number[];
  dets: CachedDetection[];
}

export const cachePresent = (): boolean => existsSync(CACHE_FILE);

export function readCache(file: string = CACHE_FILE): CachedRow[] {
  if (file !== CACHE_FILE && !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CachedRow);
}

/** Source short name for reports. */
export const sourceName = (repo: string): string =>
  ({
    'emanhamed/Houses-dataset': 'houses',
    'SilviuBR24/room-classification': 'places365',
    'sulekahraman/miniplaces': 'miniplaces',
    'Miguelmotacava/real-estate-image-classifier': '15scene-grey',
  })[repo] ?? repo;
