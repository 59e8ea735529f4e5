/**
 * `nice -n 10 npx tsx scripts/data/detect-zoom.ts`: the zoomed-second-look study's cache. For
 * each of the 80 object-labelled dev photos of the room dataset (research-only, read in place),
 * every plain-pass detection of a labelled class scoring 0.08-0.6 (the two strongest per class,
 * from the detection study's cache, `scripts/data/detect-views.ts`) gets one more pass on a
 * square context window around it (`zoomWindow`: 2.5x its longer side), and the window's
 * detections down to 0.05 are stored with boxes mapped back to whole-photo fractions. The
 * fixture study (`npm run eval:fixtures -- --zoom`) tunes which of them a second look confirms.
 *
 * Cache: ZOOM_CACHE (default beside DETECT_CACHE, `zoom.jsonl`). Resumable.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeTrustedImage } from '../../src/server/vision/image-input';
import { loadModel } from '../../src/server/vision/model';
import { parseCli } from '../lib/cli';
import {
  cachedKeys,
  readDetectCache,
  viewDetections,
  zoomWindow,
  ZOOM_CACHE,
  type ZoomRow,
} from '../lib/detect-views';
import { LABELLED_CLASSES } from '../lib/fixture-tuning';
import { DATASET_DIR, readLabels } from '../lib/rooms-data';

parseCli('Usage: nice -n 10 npx tsx scripts/data/detect-zoom.ts   (ZOOM_CACHE names the cache file)', {});

const { images } = readLabels();
const labelled = new Set<string>(LABELLED_CLASSES);
const key = (id: string, b: readonly number[]) => `${id}|${b.join(',')}`;
const done = cachedKeys<ZoomRow>(ZOOM_CACHE, (r) => key(r.id, r.box));
const plain = readDetectCache().filter((r) => r.view === 'plain' && images[r.id]?.objects);
const jobs = plain.flatMap((r) => {
  const perClass = new Map<string, number>();
  return r.dets
    .filter((d) => labelled.has(d.l) && d.s >= 0.08 && d.s < 0.6)
    .sort((a, b) => b.s - a.s)
    .filter((d) => {
      const n = perClass.get(d.l) ?? 0;
      perClass.set(d.l, n + 1);
      return n < 2;
    })
    .map((d) => ({ id: r.id, det: d }));
});
const todo = jobs.filter((j) => !done.has(key(j.id, j.det.b)));
console.log(
  `${jobs.length} zoomed passes over ${plain.length} photos, ${todo.length} to run -> ${ZOOM_CACHE}`,
);
await loadModel();
const started = performance.now();
let n = 0;
let last: { id: string; image: Awaited<ReturnType<typeof decodeTrustedImage>> } | undefined;
for (const job of todo) {
  if (last?.id !== job.id)
    last = {
      id: job.id,
      image: await decodeTrustedImage(new Uint8Array(readFileSync(join(DATASET_DIR, 'images', job.id)))),
    };
  const region = zoomWindow(job.det.b, last.image.width, last.image.height);
  const row: ZoomRow = {
    id: job.id,
    label: job.det.l,
    score: job.det.s,
    box: job.det.b,
    region,
    dets: await viewDetections(last.image, { region }, 0.05),
  };
  appendFileSync(ZOOM_CACHE, JSON.stringify(row) + '\n');
  n++;
  if (n % 50 === 0 || n === todo.length) {
    const per = (performance.now() - started) / n;
    console.log(
      `${n}/${todo.length}  ${per.toFixed(0)} ms/pass, ~${Math.round(((todo.length - n) * per) / 60000)} min left`,
    );
  }
}
