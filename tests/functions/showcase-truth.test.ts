/**
 * What the heroes show is true, not only what the engine answers (that is showcase.test.ts):
 * every label a stored showcase draws on one of our photos (each box, and the room) is compared
 * with hand-made truth for that photo (tests/fixtures/showcase-truth.json). A wrong label fails;
 * so does a showcase photo with boxes that has no truth yet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Showcase, ShowcaseBox } from '../../src/components/showcase/showcase';

const ROOT = resolve(import.meta.dirname, '../..');

interface TruthObject {
  labels: string[];
  box: [number, number, number, number];
  what: string;
  ambiguous?: boolean;
}
interface PhotoTruth {
  room: string;
  objects: TruthObject[];
}
const truth = (JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/showcase-truth.json'), 'utf8')) as { photos: Record<string, PhotoTruth> }).photos;
const showcases = readdirSync(join(ROOT, 'content/showcase')).map((f) => JSON.parse(readFileSync(join(ROOT, 'content/showcase', f), 'utf8')) as Showcase);

/** Intersection over union of two [x, y, w, h] boxes. */
export function iou(a: readonly number[], b: readonly number[]): number {
  const [ax, ay, aw, ah] = a as [number, number, number, number];
  const [bx, by, bw, bh] = b as [number, number, number, number];
  const w = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const h = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  const inter = w * h;
  return inter / (aw * ah + bw * bh - inter || 1);
}

/** The truth object a shown box is of: the one it overlaps most (IoU >= 0.4), if any. */
function objectOf(box: ShowcaseBox, photo: PhotoTruth): TruthObject | undefined {
  let best: { o: TruthObject; v: number } | undefined;
  for (const o of photo.objects) {
    const v = iou([box.x, box.y, box.w, box.h], o.box);
    if (v >= 0.4 && (!best || v > best.v)) best = { o, v };
  }
  return best?.o;
}

const labelled = showcases.filter((s) => s.kind === 'detection');

describe('hero showcases against hand-made truth', () => {
  it('every showcase that draws labels on a photo has truth for it', () => {
    for (const s of labelled) expect(truth[s.photo], `${s.id}: add ${s.photo} to tests/fixtures/showcase-truth.json`).toBeDefined();
  });

  it.each(labelled.map((s) => [s.id, s] as const))('%s: each box names an object that is there, with a right label', (_id, s) => {
    const photo = truth[s.photo]!;
    // Truth boxes and stored boxes are both in the photo's own pixels (showcase width/height).
    for (const box of s.boxes) {
      const o = objectOf(box, photo);
      expect(o, `${s.id}: "${box.label}" box at ${box.x},${box.y} covers no labelled object`).toBeDefined();
      expect(o!.labels, `${s.id}: the ${o!.what} is shown as "${box.label}"`).toContain(box.label);
    }
  });

  it.each(labelled.map((s) => [s.id, s] as const))('%s: the room shown is the room in the photo', (_id, s) => {
    const room = s.facts.find((f) => f.name === 'Room');
    if (room) expect(room.value).toBe(truth[s.photo]!.room);
  });

  it('the check fails on a wrong label and on a box over nothing', () => {
    const photo = truth['/images/samples/od-sitting-room.jpg']!;
    const settee = photo.objects.find((o) => o.what.startsWith('settee'))!;
    const asChair: ShowcaseBox = { label: 'chair', score: 0.5, x: settee.box[0], y: settee.box[1], w: settee.box[2], h: settee.box[3] };
    expect(objectOf(asChair, photo)!.labels).not.toContain('chair');
    expect(objectOf({ label: 'tv', score: 0.5, x: 0, y: 0, w: 60, h: 40 }, photo)).toBeUndefined();
  });
});
