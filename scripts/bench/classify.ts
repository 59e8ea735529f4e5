/**
 * `npx tsx scripts/bench/classify.ts [n] [--timing-only]`: what classify and caption cost, and whether the
 * label-set embedding needs its mean subtracted.
 *
 * 1. Warm ms per image through the vision engine (worker pool, as the server runs it) on `n`
 *    (default 30) photos: a bare CenterNet pass, classify (one pass with features + room
 *    scores), caption (the same plus text reading and composition).
 * 2. Nearest-neighbour label sets on the room photos: label sets of 5 and 10 train photos per
 *    room, seeded, classify every dev photo; dev accuracy of the embedding as served (raw
 *    cosine) against two mean-subtracted variants: the mean of the site's sample photos (what
 *    could ship) and the mean of the set's own examples.
 *
 * Photos: the research-only room set (../shared/datasets/rooms, read in place, never copied;
 * ROOMS_DIR overrides); without it the site's sample photos (timings only).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { composeCaption } from '../../src/server/vision/caption/compose';
import { embed, EMBEDDING_SIZE } from '../../src/server/vision/classify/embedding';
import { knnScores } from '../../src/server/vision/classify/knn';
import { analyzeImageBytes, analyzeSceneBytes, closeEngine } from '../../src/server/vision/engine';
import { parseCli } from '../lib/cli';
import { loadText, percentile } from '../lib/stats';

const root = resolve(import.meta.dirname, '../..');
const roomsDir = process.env['ROOMS_DIR'] ?? resolve(root, '../shared/datasets/rooms');
const {
  values: { 'timing-only': timingOnly = false },
  positionals,
} = parseCli('Usage: npx tsx scripts/bench/classify.ts [n] [--timing-only]   (n photos timed, default 30)', {
  options: { 'timing-only': { type: 'boolean' } },
  allowPositionals: true,
});
const n = Number(positionals.find((a) => /^\d+$/.test(a)) ?? 30);

interface Photo {
  file: string;
  room?: string;
  split?: string;
}

function photos(): Photo[] {
  const labels = join(roomsDir, 'labels.json');
  if (existsSync(labels)) {
    const images = (
      JSON.parse(readFileSync(labels, 'utf8')) as { images: Record<string, { room: string; split: string }> }
    ).images;
    return Object.entries(images).map(([id, v]) => ({
      file: join(roomsDir, 'images', id),
      room: v.room,
      split: v.split,
    }));
  }
  const dir = join(root, 'public/images/samples');
  return readdirSync(dir)
    .filter((f) => /\.(jpe?g|png)$/.test(f))
    .map((f) => ({ file: join(dir, f) }));
}

/** Deterministic shuffle (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const bytes = (p: Photo) => new Uint8Array(readFileSync(p.file));
// The API refuses photos under 256 px a side (the MiniPlaces ones are 128 px): left out here too.
const candidates = photos();
const all: Photo[] = [];
for (const p of candidates) {
  const { width = 0, height = 0 } = await sharp(p.file).metadata();
  if (width >= 256 && height >= 256) all.push(p);
}
console.log(`${all.length} of ${candidates.length} photos are at least 256 px a side`);
const timed = shuffled(
  all.filter((p) => p.split !== 'train'),
  7,
).slice(0, n);

// Warm-up: model and OCR loaded in the worker.
await analyzeSceneBytes(bytes(timed[0]!), { text: true });

/** The three kinds of call, run one after the other on each photo so load changes hit all three alike. */
const KINDS: [string, (b: Uint8Array) => Promise<unknown>][] = [
  ['bare CenterNet pass (detect, 0 checks)', (b) => analyzeImageBytes(b, { errorChecks: 0 })],
  ['classify (pass + features + rooms)', (b) => analyzeSceneBytes(b)],
  [
    'caption (pass + OCR + composition)',
    async (b) => composeCaption(await analyzeSceneBytes(b, { text: true }), 'descriptive', 100),
  ],
];
const ms = KINDS.map(() => [] as number[]);
for (const p of timed) {
  for (const [k, [, run]] of KINDS.entries()) {
    const b = bytes(p);
    const t = performance.now();
    await run(b);
    ms[k]!.push(performance.now() - t);
  }
}
console.log(
  `warm ms per image on ${timed.length} photos (${all[0]?.room ? 'room dev split' : 'site samples'}), engine worker pool, ${loadText()}:`,
);
for (const [k, [label]] of KINDS.entries()) {
  const list = ms[k]!;
  const mean = list.reduce((a, b) => a + b, 0) / list.length;
  console.log(
    `${label.padEnd(40)} mean ${mean.toFixed(0).padStart(5)} ms  p50 ${percentile(list, 50).toFixed(0).padStart(5)} ms  p90 ${percentile(list, 90).toFixed(0).padStart(5)} ms`,
  );
}

if (all[0]?.room && !timingOnly) {
  const train = all.filter((p) => p.split === 'train');
  const dev = all.filter((p) => p.split === 'dev');
  const rooms = [...new Set(all.map((p) => p.room as string))].sort();
  const backbone = new Map<string, Float32Array>();
  const features = async (p: Photo) => {
    let v = backbone.get(p.file);
    if (!v) {
      v = (await analyzeSceneBytes(bytes(p))).features.backbone;
      backbone.set(p.file, v);
    }
    return v;
  };
  const meanOf = (vs: readonly Float32Array[]) => {
    const m = new Float32Array(EMBEDDING_SIZE);
    for (const v of vs) for (let i = 0; i < EMBEDDING_SIZE; i++) m[i] = (m[i] ?? 0) + (v[i] ?? 0) / vs.length;
    return m;
  };
  const sampleDir = join(root, 'public/images/samples');
  const sampleVectors: Float32Array[] = [];
  for (const f of readdirSync(sampleDir)
    .filter((x) => /\.(jpe?g|png)$/.test(x))
    .sort()) {
    sampleVectors.push(
      (await analyzeSceneBytes(new Uint8Array(readFileSync(join(sampleDir, f))))).features.backbone,
    );
  }
  const sampleMean = meanOf(sampleVectors);
  for (const per of [5, 10]) {
    for (const seed of [1, 2, 3]) {
      const examples = rooms.flatMap((room) =>
        shuffled(
          train.filter((p) => p.room === room),
          seed * 100 + per,
        ).slice(0, per),
      );
      const vectors: Float32Array[] = [];
      for (const p of examples) vectors.push(await features(p)); // one at a time: the engine queue is bounded
      const setMean = meanOf(vectors);
      const result: Record<string, number> = {};
      for (const [name, mean] of [
        ['raw cosine (served)', undefined],
        ['minus sample-photo mean', sampleMean],
        ["minus the set's own mean", setMean],
      ] as const) {
        const set = examples.map((p, i) => ({
          label: p.room as string,
          embedding: embed(vectors[i]!, mean),
        }));
        let right = 0;
        for (const p of dev)
          if (knnScores(embed(await features(p), mean), set, rooms)[0]?.label === p.room) right++;
        result[name] = right / dev.length;
      }
      console.log(
        `label set of ${per} train photos per room (seed ${seed}), dev accuracy on ${dev.length} photos, ${rooms.length} labels: ` +
          Object.entries(result)
            .map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%`)
            .join(', '),
      );
    }
  }
}
await closeEngine();
process.exit(0);
