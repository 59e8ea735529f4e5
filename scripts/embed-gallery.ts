/**
 * Computes the embedding and perceptual hash of every gallery photo with the engine the API
 * runs, into `content/gallery/embeddings.json` (committed; seeding reads it, so a fresh
 * database gets its gallery index without running the model 136 times). Rerun after changing
 * the gallery (scripts/build-gallery.ts) or the calibration (scripts/calibrate-similar.ts);
 * `src/server/similar/gallery.test.ts` fails when the stored vectors drift from the engine's.
 *
 *   npx tsx scripts/embed-gallery.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadGalleryManifest } from '../src/server/similar/gallery';
import { EMBEDDING_NEEDS_MIRROR, EMBEDDING_VARIANT, embedded } from '../src/server/vision/similar/embedding';
import { imageFeatures } from '../src/server/vision/similar/features';

const images = await loadGalleryManifest();
const out: Record<string, { phash: string; embedding: number[] }> = {};
const started = performance.now();
for (const img of images) {
  const e = embedded(await imageFeatures(readFileSync(resolve('public', img.url.slice(1))), { mirror: EMBEDDING_NEEDS_MIRROR }));
  out[img.id] = { phash: e.phash.hash, embedding: e.embedding.map((x) => Math.round(x * 1e5) / 1e5) };
}
const ms = (performance.now() - started) / images.length;
writeFileSync(resolve('content/gallery/embeddings.json'), `${JSON.stringify({ variant: EMBEDDING_VARIANT, images: out })}\n`);
console.log(`${images.length} gallery photos embedded (${EMBEDDING_VARIANT}), ${ms.toFixed(0)} ms per photo`);
process.exit(0);
