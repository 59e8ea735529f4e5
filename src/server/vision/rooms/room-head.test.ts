import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cachePresent,
  datasetPresent,
  NONROOM_CACHE_FILE,
  readCache,
  readLabels,
} from '../../../../scripts/lib/rooms-data';
import { HELDOUT_PACKAGES } from '../../../../scripts/lib/nonroom-photos';
import { decodeImage } from '../image-input';
import { analyzeImage } from '../detector';
import { FIXTURE_DIR } from '../../../../tests/support/test-image-server';
import { classifyRoom, ROOM_LABELS } from './classifier';
import { fixturePresence, headInput, ROOM_HEAD, roomProbabilities } from './head';
import { FIXTURES, HEAD_LABELS } from './linear';

const argmax = (p: readonly number[]) => p.indexOf(Math.max(...p));

describe('trained room head', () => {
  it('loads: the label order, feature layout and weight shapes match the code', () => {
    expect(ROOM_HEAD.room.labels).toEqual([...HEAD_LABELS]);
    const d = ROOM_HEAD.features.backbone + ROOM_HEAD.features.head + ROOM_HEAD.features.evidence.length;
    expect(ROOM_HEAD.scaler.mean).toHaveLength(d);
    expect(ROOM_HEAD.room.w).toHaveLength(HEAD_LABELS.length);
    for (const row of ROOM_HEAD.room.w) expect(row).toHaveLength(d);
    for (const f of FIXTURES) expect(ROOM_HEAD.presence[f].w).toHaveLength(d);
    // Offered means the dev F1 bar was met, nothing else.
    for (const f of FIXTURES) expect(ROOM_HEAD.presence[f].offered).toBe(ROOM_HEAD.presence[f].dev.f1 >= 0.8);
  });

  it('reproduces its accuracy on the committed dev feature rows', () => {
    const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'room-head.fixture.json'), 'utf8')) as {
      accuracy: number;
      rows: { room: string; x: string }[];
    };
    const correct = fixture.rows.filter((r) => {
      const q = new Int8Array(Buffer.from(r.x, 'base64'));
      const x = Float64Array.from(q, (v) => v / 16);
      return ROOM_LABELS[argmax(roomProbabilities(x))] === r.room;
    }).length;
    const accuracy = correct / fixture.rows.length;
    // int8 features move a few borderline photos; the margin allows for that, no more.
    expect(Math.abs(accuracy - fixture.accuracy)).toBeLessThanOrEqual(0.05);
    expect(accuracy).toBeGreaterThan(0.6);
  });

  it.runIf(datasetPresent() && cachePresent())(
    'reproduces the dev accuracy from the cached features of the dataset',
    () => {
      const { images } = readLabels();
      const dev = readCache().filter((r) => r.view === 'plain' && images[r.id]?.split === 'dev');
      expect(dev.length).toBe(ROOM_HEAD.dev.images);
      const correct = dev.filter((r) => {
        const x = headInput({
          backbone: r.backbone,
          head: r.head,
          detections: r.dets.map((d) => ({ label: d.l, confidence: d.s })),
        });
        return ROOM_LABELS[argmax(roomProbabilities(x))] === images[r.id]!.room;
      }).length;
      expect(Math.abs(correct / dev.length - ROOM_HEAD.dev.accuracy)).toBeLessThanOrEqual(0.01);
    },
  );
  it.runIf(readCache(NONROOM_CACHE_FILE).length > 0)(
    'reproduces the held-out non-room other rate from the cached features',
    () => {
      const held = readCache(NONROOM_CACHE_FILE).filter(
        (r) =>
          r.view === 'plain' &&
          (HELDOUT_PACKAGES as readonly string[]).includes(r.id.slice(3).split('/')[0]!),
      );
      expect(held.length).toBe(ROOM_HEAD.dev.non_room!.images);
      const other = held.filter((r) => {
        const x = headInput({
          backbone: r.backbone,
          head: r.head,
          detections: r.dets.map((d) => ({ label: d.l, confidence: d.s })),
        });
        return ROOM_LABELS[argmax(roomProbabilities(x))] === 'other';
      }).length;
      expect(other).toBe(ROOM_HEAD.dev.non_room!.other);
      // The bar the head is held to: at least 90% of held-out non-room photos answer other.
      expect(other / held.length).toBeGreaterThanOrEqual(0.9);
    },
  );
  if (!(datasetPresent() && cachePresent())) {
    console.info(
      'room-head.test: dataset or feature cache absent (npm run rooms:features); checked the committed fixture rows only',
    );
  }
});

describe('classifyRoom on real photos', () => {
  it('answers other, not a guessed room, for a portrait, a close-up cup, a cat and horses', async () => {
    // Held-out photos: their packages (darknet, scikit-image) were never trained on. darknet's
    // dog.jpg (a dog and a bicycle on a porch) is one of the two held-out misses (it reads as a
    // bedroom): listed on the classification accuracy card.
    for (const name of ['astronaut.jpg', 'coffee.jpg', 'chelsea.png', 'horses.jpg']) {
      const image = await decodeImage(new Uint8Array(readFileSync(join(FIXTURE_DIR, name))));
      const a = await analyzeImage(image, { errorChecks: 0, features: true });
      const scores = classifyRoom({ features: a.features!, detections: a.detections });
      expect(scores.map((s) => s.label).sort()).toEqual([...ROOM_LABELS].sort());
      expect(scores.reduce((t, s) => t + s.score, 0)).toBeCloseTo(1, 6);
      expect(scores[0]!.label, name).toBe('other');
      // Presence heads answer for every fixture they are asked about, each a score in 0-1.
      for (const p of fixturePresence(headInput({ ...a.features!, detections: a.detections }), FIXTURES)) {
        expect(p.score).toBeGreaterThanOrEqual(0);
        expect(p.score).toBeLessThanOrEqual(1);
      }
    }
  }, 60_000);

  it('without features falls back to the object votes: a toilet names the bathroom', () => {
    expect(classifyRoom({ detections: [{ label: 'toilet', confidence: 0.6 }] })[0]!.label).toBe('bathroom');
    expect(classifyRoom({ detections: [{ label: 'chair', confidence: 0.6 }] })[0]!.label).toBe('other');
  });
});
