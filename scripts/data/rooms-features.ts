/**
 * `npm run rooms:features`: runs the engine's pass (`analyzeImage(..., { errorChecks: 0,
 * features: true })`) over every photo of the room dataset and over the non-room photos of
 * scripts/lib/nonroom-photos.ts (fetched from Debian packages into /tmp on first use), and
 * caches the features and the detections (see scripts/lib/rooms-data.ts). Resumable: rows
 * already in the cache are skipped. Order: what training needs first (plain passes, then the
 * augmented train copies), the flipped and tiled views of the object subset (for
 * `npm run eval:fixtures`) last. Heavy: run it as `nice -n 10 npm run rooms:features`.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  decodeTrustedImage,
  type DecodedImage,
  type ViewAugmentation,
} from '../../src/server/vision/image-input';
import { loadModel } from '../../src/server/vision/model';
import { featurePass, viewDetections } from '../lib/detect-views';
import { nonRoomJpeg, nonRoomPhotos, type NonRoomPhoto } from '../lib/nonroom-photos';
import {
  CACHE_DIR,
  CACHE_FILE,
  DATASET_DIR,
  NONROOM_CACHE_FILE,
  cachePresent,
  datasetPresent,
  readCache,
  readLabels,
  type CachedRow,
  type ViewName,
} from '../lib/rooms-data';
import { parseCli } from '../lib/cli';

parseCli('Usage: nice -n 10 npm run rooms:features   (resumable; ROOMS_SHARD=i/n runs one shard)', {});

if (!datasetPresent()) {
  console.error(`No dataset at ${DATASET_DIR} (set ROOMS_DATASET)`);
  process.exit(1);
}
mkdirSync(CACHE_DIR, { recursive: true });
const done = new Set(
  [...(cachePresent() ? readCache() : []), ...readCache(NONROOM_CACHE_FILE)].map((r) => `${r.id}|${r.view}`),
);
const { images } = readLabels();
await loadModel();

const MIN_SCORE = 0.1;
/** Luma in all three channels: a greyscale photo as a 3-channel decoder gives it. */
const GREY: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.299, 0.587, 0.114],
  [0.299, 0.587, 0.114],
  [0.299, 0.587, 0.114],
];

async function featureRow(id: string, view: ViewName, image: DecodedImage): Promise<CachedRow> {
  return { id, view, ...(await featurePass(image, MIN_SCORE)) };
}

async function detectionRow(
  id: string,
  view: ViewName,
  image: DecodedImage,
  aug: ViewAugmentation,
): Promise<CachedRow> {
  return { id, view, head: [], backbone: [], dets: await viewDetections(image, aug, MIN_SCORE) };
}

const jobs: { id: string; view: ViewName; run: () => Promise<CachedRow>; file?: string }[] = [];
const ids = Object.keys(images).sort();
const bytesOf = (id: string) => new Uint8Array(readFileSync(join(DATASET_DIR, 'images', id)));
// Plain passes first (dev, then train), so training can start on a partial cache.
for (const split of ['dev', 'train'] as const) {
  for (const id of ids.filter((i) => images[i]!.split === split)) {
    jobs.push({
      id,
      view: 'plain',
      run: async () => featureRow(id, 'plain', await decodeTrustedImage(bytesOf(id))),
    });
  }
}
// Non-room photos (label `other`): a plain pass each (their train copies follow, below).
const nonRoom: NonRoomPhoto[] = nonRoomPhotos();
for (const p of nonRoom)
  jobs.push({
    id: p.id,
    view: 'plain',
    file: NONROOM_CACHE_FILE,
    run: async () => featureRow(p.id, 'plain', await decodeTrustedImage(await nonRoomJpeg(p))),
  });
// Each train photo (room and non-room) gets one augmented copy: greyscale for half of them,
// downscaled for the other half (alternating in id order), so neither greyscale nor 128 px says
// "office" (or "not a room"). Room and non-room copies alternate, so a partial cache holds both.
const augJobs = (
  id: string,
  k: number,
  bytes: () => Promise<Uint8Array>,
  file?: string,
): (typeof jobs)[number] =>
  k % 2 === 0
    ? {
        id,
        view: 'grey',
        ...(file && { file }),
        run: async () =>
          featureRow(id, 'grey', await decodeTrustedImage(await bytes(), (s) => s.recomb(GREY))),
      }
    : {
        id,
        view: 'down',
        ...(file && { file }),
        run: async () => {
          const small = await sharp(await bytes())
            .rotate()
            .resize(128, 128, { fit: 'inside' })
            .jpeg({ quality: 55 })
            .toBuffer();
          return featureRow(id, 'down', await decodeTrustedImage(new Uint8Array(small)));
        },
      };
const roomAug = ids
  .filter((i) => images[i]!.split === 'train')
  .map((id, k) => augJobs(id, k, async () => bytesOf(id)));
const nonRoomAug = nonRoom
  .filter((x) => x.split === 'train')
  .map((p, k) => augJobs(p.id, k, () => nonRoomJpeg(p), NONROOM_CACHE_FILE));
for (let i = 0; i < Math.max(roomAug.length, nonRoomAug.length); i++) {
  // About two room copies per non-room copy: the ratio of the two train sets.
  if (roomAug[i]) jobs.push(roomAug[i]!);
  if (nonRoomAug[Math.floor(i / 2)] && i % 2 === 1) jobs.push(nonRoomAug[Math.floor(i / 2)]!);
}
for (let i = Math.ceil(roomAug.length / 2); i < nonRoomAug.length; i++) jobs.push(nonRoomAug[i]!);
for (const id of ids.filter((i) => images[i]!.objects)) {
  const meta = await sharp(bytesOf(id)).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  jobs.push({
    id,
    view: 'flip',
    run: async () => detectionRow(id, 'flip', await decodeTrustedImage(bytesOf(id)), { flip: true }),
  });
  if (w / h >= 1.25) {
    // Two squares with the full height, overlapping in the middle.
    const f = h / w;
    jobs.push({
      id,
      view: 'tileL',
      run: async () =>
        detectionRow(id, 'tileL', await decodeTrustedImage(bytesOf(id)), { region: [0, 0, f, 1] }),
    });
    jobs.push({
      id,
      view: 'tileR',
      run: async () =>
        detectionRow(id, 'tileR', await decodeTrustedImage(bytesOf(id)), { region: [1 - f, 0, 1, 1] }),
    });
  }
}

// ROOMS_SHARD=k/n runs every n-th job from the k-th (several processes share the work; each
// line is appended whole).
const [shard, shards] = (process.env['ROOMS_SHARD'] ?? '0/1').split('/').map(Number) as [number, number];
const todo = jobs.filter((j, i) => i % shards === shard && !done.has(`${j.id}|${j.view}`));
console.log(`${jobs.length} passes, ${todo.length} to run -> ${CACHE_FILE}`);
const started = performance.now();
let n = 0;
for (const job of todo) {
  const row = await job.run();
  appendFileSync(job.file ?? CACHE_FILE, JSON.stringify(row) + '\n');
  n++;
  if (n % 50 === 0 || n === todo.length) {
    const per = (performance.now() - started) / n;
    console.log(
      `${n}/${todo.length}  ${per.toFixed(0)} ms/pass, ~${Math.round(((todo.length - n) * per) / 60000)} min left`,
    );
  }
}
