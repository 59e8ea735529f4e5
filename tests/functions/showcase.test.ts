/**
 * The product output the heroes show (content/showcase, `npm run showcase`) is real: replaying
 * each showcase's demo request through its handler today gives the same figures, and every
 * image it names exists in public/ at the size it declares. When this fails, run
 * `npm run showcase` and review the diff.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runShowcase, showcaseSpecs } from '../../scripts/lib/showcase-run';
import { figures, type Showcase } from '../../src/components/showcase/showcase';
import { closeDb } from '../../src/server/db';

const ROOT = resolve(import.meta.dirname, '../..');
const stored = Object.fromEntries(
  readdirSync(join(ROOT, 'content/showcase')).map((f) => [
    f.replace(/\.json$/, ''),
    JSON.parse(readFileSync(join(ROOT, 'content/showcase', f), 'utf8')) as Showcase,
  ]),
);

beforeAll(() => vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', ''));
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeDb();
});

describe('hero showcases', () => {
  it('store one file per showcase, and nothing else', () => {
    expect(Object.keys(stored).sort()).toEqual(Object.keys(showcaseSpecs).sort());
  });

  it.each(Object.keys(showcaseSpecs))(
    '%s shows what the engine answers today',
    async (id) => {
      const live = await runShowcase(id);
      expect(figures(stored[id]!)).toEqual(figures(live));
      // The first replay of each engine also loads its models (detector, OCR): allow for a busy machine.
    },
    120_000,
  );

  it.each(Object.keys(showcaseSpecs))('%s names only images that exist at their stated size', async (id) => {
    const show = stored[id]!;
    const needed = [show.photo, ...(show.matches ?? []).map((m) => m.url)];
    expect(Object.keys(show.images).sort()).toEqual([...new Set(needed)].sort());
    for (const image of Object.values(show.images)) {
      for (const { src, w } of [...image.avif, ...image.webp]) {
        const file = join(ROOT, 'public', src);
        expect(existsSync(file), src).toBe(true);
        expect((await sharp(file).metadata()).width).toBe(w);
      }
      const largest = image.webp.at(-1)!;
      const meta = await sharp(join(ROOT, 'public', largest.src)).metadata();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    }
  });

  it('boxes lie inside their photo', () => {
    for (const show of Object.values(stored)) {
      for (const b of show.boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w).toBeLessThanOrEqual(show.width);
        expect(b.y + b.h).toBeLessThanOrEqual(show.height);
      }
    }
  });
});
