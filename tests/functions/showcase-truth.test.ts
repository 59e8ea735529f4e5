/**
 * What the heroes show is true, not only what the engine answers (that is showcase.test.ts):
 * every label a stored showcase draws on one of our photos (each box, and the room) is compared
 * with hand-made truth for that photo (content/showcase-truth.json). A wrong label fails; so does
 * a showcase photo with boxes that has no truth yet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxIsRight, objectOf, showcaseTruth } from '../../scripts/lib/showcase-truth';
import type { Showcase } from '../../src/components/showcase/showcase';

const ROOT = resolve(import.meta.dirname, '../..');
const truth = showcaseTruth();
const showcases = readdirSync(join(ROOT, 'content/showcase')).map(
  (f) => JSON.parse(readFileSync(join(ROOT, 'content/showcase', f), 'utf8')) as Showcase,
);
const labelled = showcases.filter((s) => s.kind === 'detection');

describe('hero showcases against hand-made truth', () => {
  it('every showcase that draws labels on a photo has truth for it', () => {
    expect(labelled.length).toBeGreaterThan(0);
    for (const s of labelled)
      expect(truth[s.photo], `${s.id}: add ${s.photo} to content/showcase-truth.json`).toBeDefined();
  });

  it.each(labelled.map((s) => [s.id, s] as const))(
    '%s: each box names an object that is there, with a right label',
    (_id, s) => {
      const photo = truth[s.photo]!;
      // Truth boxes and stored boxes are both in the photo's own pixels (the showcase's width/height).
      for (const box of s.boxes) {
        const o = objectOf(box, photo);
        expect(o, `${s.id}: "${box.label}" box at ${box.x},${box.y} covers no labelled object`).toBeDefined();
        expect(o!.labels, `${s.id}: the ${o!.what} is shown as "${box.label}"`).toContain(box.label);
      }
    },
  );

  it.each(labelled.map((s) => [s.id, s] as const))(
    '%s: the room shown is the room in the photo, or the caption names the miss',
    (_id, s) => {
      const room = s.facts.find((f) => f.name === 'Room');
      if (room) expect(room.value).toBe(truth[s.photo]!.room);
      else expect(s.caption).toMatch(/inferred the room as “[a-z ]+”, which is wrong/);
    },
  );

  it('the check fails on a wrong label and on a box over nothing', () => {
    const photo = truth['/images/samples/od-sitting-room.jpg']!;
    const settee = photo.objects.find((o) => o.what.startsWith('settee'))!;
    const [x, y, w, h] = settee.box;
    expect(boxIsRight({ label: 'chair', x, y, w, h }, photo)).toBe(false);
    expect(boxIsRight({ label: 'couch', x, y, w, h }, photo)).toBe(true);
    expect(objectOf({ label: 'tv', x: 0, y: 0, w: 60, h: 40 }, photo)).toBeUndefined();
  });
});
