/**
 * Hand-made truth for the photos the hero showcases label (content/showcase-truth.json): the room
 * and every object a box may name. `npm run showcase` draws only boxes this truth agrees with and
 * says in the caption what else the engine answered; tests/functions/showcase-truth.test.ts checks
 * every stored label against it.
 */
import { iouXywh } from '../../src/server/vision/box-iou';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface TruthObject {
  /** COCO labels that are right for it (a pickup truck is a truck or a car). */
  labels: string[];
  /** [x, y, width, height] in the photo's own pixels. */
  box: [number, number, number, number];
  /** What it is, in plain words. */
  what: string;
  /** May be named or not (a coffee table read as a dining table). */
  ambiguous?: boolean;
}

export interface PhotoTruth {
  /** The room as the detect API names it (`general` for a photo that is not of a room), spaces for underscores. */
  room: string;
  objects: TruthObject[];
}

export interface LabelledBox {
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const FILE = join(resolve(import.meta.dirname, '../..'), 'content/showcase-truth.json');

export const showcaseTruth = (): Record<string, PhotoTruth> =>
  (JSON.parse(readFileSync(FILE, 'utf8')) as { photos: Record<string, PhotoTruth> }).photos;

/** The truth object a box is of: the one it overlaps most, at IoU 0.4 or more. */
export function objectOf(box: LabelledBox, photo: PhotoTruth): TruthObject | undefined {
  let best: { o: TruthObject; v: number } | undefined;
  for (const o of photo.objects) {
    const v = iouXywh([box.x, box.y, box.w, box.h], o.box);
    if (v >= 0.4 && (!best || v > best.v)) best = { o, v };
  }
  return best?.o;
}

/** Whether a box names an object that is there with one of its right labels. */
export function boxIsRight(box: LabelledBox, photo: PhotoTruth): boolean {
  return objectOf(box, photo)?.labels.includes(box.label) ?? false;
}
