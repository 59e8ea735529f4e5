/**
 * Computes the embedding and perceptual hash of every gallery photo with the engine the API
 * runs, into `content/gallery/embeddings.json` (committed; seeding reads it, so a fresh
 * database gets its gallery index without running the model for every photo). Rerun after changing
 * the gallery (scripts/data/build-gallery.ts) or the calibration (scripts/data/calibrate-similar.ts);
 * `src/server/vision/similar/similar.test.ts` fails when the stored vectors drift from the engine's.
 *
 *   npx tsx scripts/data/embed-gallery.ts              # every photo
 *   npx tsx scripts/data/embed-gallery.ts --missing    # only photos without a stored embedding (same variant)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadGalleryEmbeddings, loadGalleryManifest } from '../../src/server/vision/similar/gallery';
import {
  EMBEDDING_NEEDS_MIRROR,
  EMBEDDING_VARIANT,
  embedded,
} from '../../src/server/vision/similar/embedding';
import { imageFeatures } from '../../src/server/vision/similar/features';
import { parseCli } from '../lib/cli';

const images = await loadGalleryManifest();
const { missing } = parseCli(
  'Usage: npx tsx scripts/data/embed-gallery.ts [--missing]   (--missing: only photos without a stored embedding of the same variant)',
  {
    options: { missing: { type: 'boolean' } },
  },
).values;
const kept = missing ? await loadGalleryEmbeddings().catch(() => undefined) : undefined;
const keep = kept?.variant === EMBEDDING_VARIANT ? kept.images : {};
const out: Record<string, { phash: string; embedding: number[] }> = {};
const started = performance.now();
let computed = 0;
for (const img of images) {
  const stored = keep[img.id];
  if (stored) {
    out[img.id] = stored;
    continue;
  }
  computed++;
  const e = embedded(
    await imageFeatures(readFileSync(resolve('public', img.url.slice(1))), {
      mirror: EMBEDDING_NEEDS_MIRROR,
    }),
  );
  out[img.id] = { phash: e.phash.hash, embedding: e.embedding.map((x) => Math.round(x * 1e5) / 1e5) };
}
const ms = (performance.now() - started) / Math.max(1, computed);
writeFileSync(
  resolve('content/gallery/embeddings.json'),
  `${JSON.stringify({ variant: EMBEDDING_VARIANT, images: out })}\n`,
);
console.log(
  `${images.length} gallery photos, ${computed} embedded now (${EMBEDDING_VARIANT}), ${ms.toFixed(0)} ms per photo`,
);
process.exit(0);
