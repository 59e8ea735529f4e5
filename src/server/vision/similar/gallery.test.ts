/** The public gallery's manifest: enough openly licensed photos per category, each credited, on disk and embedded. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS, EMBEDDING_VARIANT } from './embedding';
import { loadGalleryEmbeddings, loadGalleryManifest } from './gallery';

describe('gallery manifest', () => {
  it('has at least 120 photos and at least 10 in every category; food and vehicles 20', async () => {
    const images = await loadGalleryManifest();
    expect(images.length).toBeGreaterThanOrEqual(120);
    const count = (c: string) => images.filter((i) => i.category === c).length;
    for (const c of ['architecture', 'nature', 'vehicles', 'people', 'food', 'technology'])
      expect(count(c), c).toBeGreaterThanOrEqual(10);
    expect(count('food')).toBeGreaterThanOrEqual(20);
    expect(count('vehicles')).toBeGreaterThanOrEqual(20);
  });

  it('records a credit and licence for every photo, serves its file and stores its embedding', async () => {
    const [images, stored] = await Promise.all([loadGalleryManifest(), loadGalleryEmbeddings()]);
    expect(stored.variant).toBe(EMBEDDING_VARIANT);
    expect(new Set(images.map((i) => i.id)).size).toBe(images.length);
    for (const img of images) {
      expect(img.credit.trim(), img.id).not.toBe('');
      expect(img.license.trim(), img.id).not.toBe('');
      expect(existsSync(resolve('public', img.url.slice(1))), img.url).toBe(true);
      expect(stored.images[img.id]?.embedding, img.id).toHaveLength(EMBEDDING_DIMS);
    }
    expect(Object.keys(stored.images).sort()).toEqual(images.map((i) => i.id).sort());
  });
});
