/**
 * `npx tsx scripts/data/detect-views.ts`: the detection study's cache. Runs the engine's pass over
 * the room dataset (research-only photos, read in place) and stores, one JSON line per (image,
 * view), the detections down to score 0.05 (boxes as fractions of the whole image) and, for
 * the plain view, the pass's image-level features:
 *
 * - every photo (train and dev): `plain` (features + detections);
 * - the 80 object-labelled dev photos: `flip` (mirrored) and `q0`..`q3` (2x2 tiles, each 60% of
 *   each side, so neighbours overlap), the second views the recall study compares.
 *
 * Cache: DETECT_CACHE (default `.cache/detect-views/views.jsonl`, git-ignored). Resumable.
 * Heavy: run it as `nice -n 10 npx tsx scripts/data/detect-views.ts`.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  decodeTrustedImage,
  type DecodedImage,
  type ViewAugmentation,
} from '../../src/server/vision/image-input';
import { loadModel } from '../../src/server/vision/model';
import { DATASET_DIR, datasetPresent, readLabels } from '../lib/rooms-data';
import {
  cachedKeys,
  DETECT_CACHE,
  TILE_REGIONS,
  featurePass,
  viewDetections,
  type DetectViewName,
  type DetectViewRow,
} from '../lib/detect-views';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: nice -n 10 npx tsx scripts/data/detect-views.ts   (resumable; DETECT_CACHE names the cache file)',
  {},
);

if (!datasetPresent()) {
  console.error(`No dataset at ${DATASET_DIR} (set ROOMS_DATASET)`);
  process.exit(1);
}
mkdirSync(dirname(DETECT_CACHE), { recursive: true });
const done = cachedKeys<DetectViewRow>(DETECT_CACHE, (r) => `${r.id}|${r.view}`);
const { images } = readLabels();
await loadModel();

const MIN_SCORE = 0.05;
const bytesOf = (id: string) => new Uint8Array(readFileSync(join(DATASET_DIR, 'images', id)));

async function plainRow(id: string, image: DecodedImage): Promise<DetectViewRow> {
  return { id, view: 'plain', ...(await featurePass(image, MIN_SCORE)) };
}

async function viewRow(
  id: string,
  view: DetectViewName,
  image: DecodedImage,
  aug: ViewAugmentation,
): Promise<DetectViewRow> {
  return { id, view, dets: await viewDetections(image, aug, MIN_SCORE) };
}

const jobs: { id: string; view: DetectViewName; run: () => Promise<DetectViewRow> }[] = [];
const ids = Object.keys(images).sort();
const labelled = ids.filter((i) => images[i]!.objects);
for (const id of labelled) {
  jobs.push({ id, view: 'plain', run: async () => plainRow(id, await decodeTrustedImage(bytesOf(id))) });
  jobs.push({
    id,
    view: 'flip',
    run: async () => viewRow(id, 'flip', await decodeTrustedImage(bytesOf(id)), { flip: true }),
  });
  TILE_REGIONS.forEach((region, k) => {
    const view = `q${k}` as DetectViewName;
    jobs.push({
      id,
      view,
      run: async () => viewRow(id, view, await decodeTrustedImage(bytesOf(id)), { region }),
    });
  });
}
for (const split of ['dev', 'train'] as const) {
  for (const id of ids.filter((i) => images[i]!.split === split && !images[i]!.objects)) {
    jobs.push({ id, view: 'plain', run: async () => plainRow(id, await decodeTrustedImage(bytesOf(id))) });
  }
}
const todo = jobs.filter((j) => !done.has(`${j.id}|${j.view}`));
console.log(`${jobs.length} passes, ${todo.length} to run -> ${DETECT_CACHE}`);
const started = performance.now();
let n = 0;
for (const job of todo) {
  appendFileSync(DETECT_CACHE, JSON.stringify(await job.run()) + '\n');
  n++;
  if (n % 50 === 0 || n === todo.length) {
    const per = (performance.now() - started) / n;
    console.log(
      `${n}/${todo.length}  ${per.toFixed(0)} ms/pass, ~${Math.round(((todo.length - n) * per) / 60000)} min left`,
    );
  }
}
