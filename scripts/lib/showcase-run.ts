/**
 * The product output the marketing, industry and use-case heroes show: each showcase is one
 * keyless demo request on one of the site's own sample photos, sent through the real handler
 * (in-process, on a throwaway embedded database seeded from content/), reduced to the figures
 * the hero draws (labels, boxes, scores, verdict). Shared by `npm run showcase`
 * (scripts/data/make-showcase.ts) and the test that checks the stored figures are still what the
 * engine answers.
 */
import { createDb, migrateToLatest, seed, setDb } from '../../src/server/db';
import { seedGallery } from '../../src/server/vision/similar/gallery';
import demoDetect from '../../functions/demo-object-detection';
import demoWatermark from '../../functions/demo-watermark-detection';
import demoValidation from '../../functions/demo-photo-validation';
import demoSimilar from '../../functions/demo-similar-images';
import type { Showcase, ShowcaseBox } from '../../src/components/showcase/showcase';
import { boxIsRight, objectOf, showcaseTruth } from './showcase-truth';

/** The origin requests are made on (the handlers read site samples from disk for it). */
const ORIGIN = 'http://127.0.0.1:4321';
const sample = (file: string) => `${ORIGIN}/images/samples/${file}`;

type Handler = (req: Request, runtime?: { ip?: string }) => Promise<Response>;

interface Spec {
  kind: Showcase['kind'];
  /** The photo shown, under public/. */
  photo: string;
  alt: string;
  caption: string;
  path: string;
  handler: Handler;
  request: Record<string, unknown>;
}

/** Every showcase the heroes use, by id. */
export const showcaseSpecs: Record<string, Spec> = {
  detection: {
    kind: 'detection',
    photo: '/images/samples/od-dog-bicycle.jpg',
    alt: 'A dog sitting beside a bicycle on a porch, a car parked behind, each outlined by the detector',
    caption:
      'Object detection on a sample photo: the boxes and scores the detector returned for it, each checked against hand labels of the photo.',
    path: '/api/demo/object-detection',
    handler: demoDetect,
    request: {
      image_url: sample('od-dog-bicycle.jpg'),
      objects_to_find: 'dog, bicycle, car, truck, chair',
      room_category: 'auto',
    },
  },
  room: {
    kind: 'detection',
    photo: '/images/samples/od-sitting-room.jpg',
    alt: 'A sitting room with a sofa, two armchairs and a small round table between lace-curtained windows, the seats the detector found outlined',
    caption:
      'Object detection on a sample interior: the room it inferred and the boxes and scores the engine returned for it, each checked against hand labels of the photo.',
    path: '/api/demo/object-detection',
    handler: demoDetect,
    request: {
      image_url: sample('od-sitting-room.jpg'),
      objects_to_find: 'couch, chair, dining table, vase, potted plant, tv',
      room_category: 'auto',
    },
  },
  watermark: {
    kind: 'watermark',
    photo: '/images/samples/wm-corner-wordmark.jpg',
    alt: 'A rocket launch photo with a semi-transparent stock wordmark in one corner, outlined where it was found',
    caption: 'Watermark detection: the overlay found on a sample photo and the brand its text matched.',
    path: '/api/demo/watermark-detection',
    handler: demoWatermark,
    request: {
      image_url: sample('wm-corner-wordmark.jpg'),
      detect_type: 'all',
      sensitivity: 'medium',
      include_invisible: true,
    },
  },
  provenance: {
    kind: 'provenance',
    photo: '/images/samples/validation-sd-watermark.jpg',
    alt: 'Portrait of astronaut Eileen Collins, carrying a Stable Diffusion invisible watermark',
    caption: 'Photo authenticity: the verdict and the evidence the checks found in a sample image.',
    path: '/api/demo/photo-validation',
    handler: demoValidation,
    request: { image_url: sample('validation-sd-watermark.jpg'), check_type: 'comprehensive' },
  },
  similar: {
    kind: 'similar',
    photo: '/images/samples/similar-firetruck-caption.jpg',
    alt: 'A fire truck photo with a “FOR SALE” caption written over it, used as the search query',
    caption:
      'Similar-image search: the public gallery’s nearest photos to an edited query, with their calibrated similarity.',
    path: '/api/demo/similar-images',
    handler: demoSimilar,
    request: {
      image_url: sample('similar-firetruck-caption.jpg'),
      max_results: 5,
      similarity_threshold: 0.5,
    },
  },
};

let ready: Promise<void> | undefined;
/** A fresh seeded embedded database with the gallery index, once per process. */
function database(): Promise<void> {
  // Always the embedded database (which carries pgvector), even where tests point
  // TEST_DATABASE_URL at a PostgreSQL server that may lack it: the showcase is what the product
  // answers out of the box.
  ready ??= (async () => {
    const db = createDb({ kind: 'pglite', dataDir: 'memory://' });
    await migrateToLatest(db);
    await seed(db);
    await seedGallery(db);
    setDb(db);
  })();
  return ready;
}

const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** The figures a hero shows, from one demo answer. */
export function figuresOf(id: string, spec: Spec, body: Json): Showcase {
  const base = {
    id,
    kind: spec.kind,
    photo: spec.photo,
    alt: spec.alt,
    caption: spec.caption,
    endpoint: `POST ${spec.path}`,
    images: {},
  };
  switch (spec.kind) {
    case 'detection': {
      const found: ShowcaseBox[] = arr(body['objects_found']).map((o) => {
        const [x = 0, y = 0, w = 0, h = 0] = (o['bounding_box'] as number[]) ?? [];
        return { label: String(o['label']), score: round(Number(o['confidence'])), x, y, w, h };
      });
      // A box whose label the hand-made truth contradicts is not drawn; the caption says what the
      // engine called it, so the hero never shows a wrong label and never hides a miss.
      const truth = showcaseTruth()[spec.photo];
      const boxes = truth ? found.filter((b) => boxIsRight(b, truth)) : found;
      const wrong = truth ? found.filter((b) => !boxIsRight(b, truth)) : [];
      const misses = wrong.map((b) => {
        const o = objectOf(b, truth!);
        return o
          ? `the ${o.what.split(/[,(]/)[0]!.trim()} “${b.label}”`
          : `something that is not there “${b.label}”`;
      });
      const room = String(body['room_category']).replaceAll('_', ' ');
      // The same for the room: shown when right, otherwise named in the caption as the engine's miss.
      const roomRight = !truth || truth.room === room;
      const notes = [
        ...(misses.length
          ? [
              `It also labelled ${listOf(misses)}; ${misses.length === 1 ? 'that box is' : 'those boxes are'} not drawn.`,
            ]
          : []),
        ...(roomRight
          ? []
          : [
              `It inferred the room as “${room}”, which is wrong: ${truth!.room === 'general' ? 'the photo is not of a room' : `it is a ${truth!.room}`}.`,
            ]),
      ];
      const caption = [spec.caption, ...notes].join(' ');
      return {
        ...base,
        caption,
        width: Number(body['image_width']),
        height: Number(body['image_height']),
        boxes,
        facts: roomRight ? [{ name: 'Room', value: room }] : [],
      };
    }
    case 'watermark': {
      const visible = arr(obj(body['visible_watermarks'])['items']);
      const brands = arr(obj(body['brand_logos'])['items']);
      const at = (o: Json) => obj(o['location']);
      const sameBox = (a: Json, b: Json) => ['x', 'y', 'width', 'height'].every((k) => at(a)[k] === at(b)[k]);
      const boxes: ShowcaseBox[] = visible.map((m) => {
        const l = at(m);
        const brand = brands.find((b) => sameBox(b, m));
        return {
          label: brand
            ? `${String(brand['brand'])} ${String(m['type']).replaceAll('_', ' ')}`
            : `“${String(m['text'])}”`,
          score: round(Number(m['confidence'])),
          x: Number(l['x']),
          y: Number(l['y']),
          w: Number(l['width']),
          h: Number(l['height']),
        };
      });
      return {
        ...base,
        width: Number(body['image_width']),
        height: Number(body['image_height']),
        boxes,
        facts: [
          { name: 'Visible marks', value: String(visible.length) },
          ...brands.slice(0, 1).map((b) => ({
            name: 'Brand',
            value: `${String(b['brand'])} (${round(Number(b['confidence']))})`,
          })),
          { name: 'Invisible mark', value: obj(body['invisible_watermarks'])['detected'] ? 'found' : 'none' },
        ],
      };
    }
    case 'provenance':
      return { ...base, width: 0, height: 0, boxes: [], facts: [], provenance: provenanceOf(body) };
    case 'similar':
      return {
        ...base,
        width: 0,
        height: 0,
        boxes: [],
        facts: [],
        matches: arr(body['similar_images']).map((m) => ({
          id: String(m['id']),
          title: String(m['title'] ?? m['id']),
          url: new URL(String(m['url']), ORIGIN).pathname,
          similarity: round(Number(m['similarity']), 3),
          nearDuplicate: m['near_duplicate'] === true,
        })),
      };
  }
}

function provenanceOf(body: Json): NonNullable<Showcase['provenance']> {
  const evidence = obj(body['evidence']);
  const c2pa = obj(evidence['c2pa']);
  const metadata = obj(evidence['metadata']);
  const marks = arr(obj(evidence['watermark'])['marks']).filter((m) => m['status'] === 'detected');
  const camera = obj(obj(evidence['signals'])['camera_exif']);
  return {
    verdict: String(body['verdict']).replaceAll('_', ' '),
    score: round(Number(body['authenticity_score'])),
    tags: arr(body['fail_tags']).map((t) => String(t).replaceAll('_', ' ')),
    evidence: [
      {
        name: 'Content Credentials (C2PA)',
        value: String(c2pa['status']),
        found: c2pa['status'] !== 'absent',
      },
      {
        name: 'Declared metadata',
        value: metadata['hasMetadata'] ? 'present' : 'none',
        found: Boolean(metadata['hasMetadata']),
      },
      ...(marks.length > 0
        ? marks.map((m) => ({
            name: 'Invisible watermark',
            value: `${String(m['payload'])}, ${String(m['matchingBits'])}/${String(m['totalBits'])} bits`,
            found: true,
          }))
        : [{ name: 'Invisible watermark', value: 'none', found: false }]),
      {
        name: 'Camera EXIF',
        value: camera['present'] ? 'present' : 'absent',
        found: Boolean(camera['present']),
      },
    ],
  };
}

let client = 0;
/** Sends one showcase's demo request through its handler and answers with its figures. */
export async function runShowcase(id: string): Promise<Showcase> {
  const spec = showcaseSpecs[id];
  if (!spec) throw new Error(`no showcase ${id}`);
  await database();
  const res = await spec.handler(
    new Request(`${ORIGIN}${spec.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(spec.request),
    }),
    { ip: `198.51.100.${(client = (client % 250) + 1)}` },
  );
  const body = (await res.json()) as Json;
  if (res.status !== 200)
    throw new Error(`${id}: ${spec.path} answered ${res.status}: ${JSON.stringify(body)}`);
  return figuresOf(id, spec, body);
}
