/**
 * `npm run showcase`: the product output the marketing, industry and use-case heroes show.
 * Runs each showcase's demo request (scripts/lib/showcase-run.ts) through the real handler on
 * the site's own sample photos, stores the figures in content/showcase/<id>.json and writes the
 * photos it shows, resized, as AVIF and WebP into public/showcase/.
 *
 *   npm run showcase              # rerun the engine, rewrite the figures and images
 *   npm run showcase -- --check   # exit 1 when a stored figure differs from the engine's answer today
 *
 * Only public/images/samples and public/gallery photos are used (credits: their SOURCES files
 * and content/gallery/gallery.json).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import sharp from 'sharp';
import { figures, type Showcase, type ShowcaseImage } from '../../src/components/showcase/showcase';
import { runShowcase, showcaseSpecs } from '../lib/showcase-run';
import { parseCli } from '../lib/cli';

const ROOT = resolve(import.meta.dirname, '../..');
const CONTENT = join(ROOT, 'content/showcase');
const OUT = join(ROOT, 'public/showcase');

/** Widths per role: the hero photo fills half the page on desktop, a thumbnail about 120 px. */
const WIDTHS = { hero: [400, 640], thumb: [160, 320] } as const;

const slug = (publicPath: string) =>
  publicPath.replace(/^\/(images\/samples|gallery)\//, '').replace(/\.\w+$/, '');

/** Resizes one public/ photo into AVIF and WebP at each width up to its own. */
async function optimise(publicPath: string, role: keyof typeof WIDTHS): Promise<ShowcaseImage> {
  const input = readFileSync(join(ROOT, 'public', publicPath));
  const meta = await sharp(input).metadata();
  const sourceWidth = meta.width;
  const widths = [...new Set(WIDTHS[role].map((w) => Math.min(w, sourceWidth)))];
  const image: ShowcaseImage = { width: 0, height: 0, avif: [], webp: [] };
  for (const w of widths) {
    const base = `${slug(publicPath)}-${w}`;
    const resized = sharp(input).resize({ width: w, withoutEnlargement: true });
    const info = await resized
      .clone()
      .avif({ quality: 50, effort: 6 })
      .toFile(join(OUT, `${base}.avif`));
    await resized
      .clone()
      .webp({ quality: 72, effort: 6 })
      .toFile(join(OUT, `${base}.webp`));
    image.avif.push({ src: `/showcase/${base}.avif`, w });
    image.webp.push({ src: `/showcase/${base}.webp`, w });
    image.width = info.width;
    image.height = info.height;
  }
  return image;
}

const { check = false } = parseCli(
  "Usage: npm run showcase [-- --check]   (--check: exit 1 when a stored figure differs from the engine's answer today)",
  { options: { check: { type: 'boolean' } } },
).values;
let drift = 0;
mkdirSync(CONTENT, { recursive: true });
mkdirSync(OUT, { recursive: true });
for (const id of Object.keys(showcaseSpecs)) {
  const live = await runShowcase(id);
  const file = join(CONTENT, `${id}.json`);
  if (check) {
    const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Showcase) : undefined;
    const same = stored !== undefined && isDeepStrictEqual(figures(stored), figures(live));
    if (!same) drift += 1;
    console.log(`${id}: ${same ? 'matches the engine' : 'DIFFERS from the engine (run npm run showcase)'}`);
    continue;
  }
  const images: Record<string, ShowcaseImage> = {};
  images[live.photo] = await optimise(live.photo, live.kind === 'provenance' ? 'thumb' : 'hero');
  for (const m of live.matches ?? []) images[m.url] = await optimise(m.url, 'thumb');
  writeFileSync(file, `${JSON.stringify({ ...live, images }, null, 2)}\n`);
  console.log(`${id}: wrote ${file} and ${Object.keys(images).length} image(s)`);
}
process.exit(drift > 0 ? 1 : 0);
