/**
 * `npx tsx scripts/compute-embedding-mean.ts`: the mean pooled-backbone vector the label-set
 * embedding subtracts (src/server/vision/classify/embedding.ts), from the site's own sample
 * photos (public/images/samples, shippable; see their SOURCES.txt), each in four views (plain,
 * mirrored, 85% centre zoom, both) so 20-odd photos give ~90 vectors. Deterministic: the same
 * files give the same file.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeImage, type ViewAugmentation } from '../src/server/vision/image-input';
import { detectWithFeatures } from '../src/server/vision/model';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'public/images/samples');
const out = join(root, 'src/server/vision/classify/embedding-mean.json');
const VIEWS: ViewAugmentation[] = [{}, { flip: true }, { zoom: 0.85 }, { zoom: 0.85, flip: true }];

const files = readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
const sum = new Float64Array(480);
let n = 0;
for (const file of files) {
  const image = await decodeImage(new Uint8Array(readFileSync(join(dir, file))));
  for (const view of VIEWS) {
    const { features } = await detectWithFeatures(await image.view(view));
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (features.backbone[i] ?? 0);
    n++;
  }
  console.log(`${file}: ${VIEWS.length} views`);
}
const mean = [...sum].map((v) => Math.round((v / n) * 1e6) / 1e6);
writeFileSync(out, `${JSON.stringify({ source: 'public/images/samples (site sample photos), 4 views each', files: files.length, vectors: n, mean })}\n`);
console.log(`wrote ${out}: mean of ${n} vectors from ${files.length} photos`);
process.exit(0);
