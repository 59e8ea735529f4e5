/**
 * The public gallery of the similar-image search: `content/gallery/gallery.json` (photos, with
 * credit and licence; made by scripts/data/build-gallery.ts) and `content/gallery/embeddings.json`
 * (each photo's embedding and perceptual hash, made by scripts/data/embed-gallery.ts with the engine
 * the API runs; a test checks they still match). Seeding loads both into `gallery_images`.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/tables';
import { createSimilarTables } from '../../db/migrations/2026_11_23_100000_similar_images';
import { EMBEDDING_DIMS, EMBEDDING_VARIANT, toVector } from './embedding';
import { galleryManifestSchema, type GalleryImage } from '../../../shared/schemas/similar';

export const DEFAULT_GALLERY_CONTENT = resolve('content/gallery');

export const galleryEmbeddingsSchema = z.strictObject({
  variant: z.string(),
  images: z.record(
    z.string(),
    z.strictObject({ phash: z.string().regex(/^[0-9a-f]{16}$/), embedding: z.array(z.number()) }),
  ),
});
export type GalleryEmbeddings = z.infer<typeof galleryEmbeddingsSchema>;

export async function loadGalleryManifest(dir = DEFAULT_GALLERY_CONTENT): Promise<GalleryImage[]> {
  return galleryManifestSchema.parse(JSON.parse(await readFile(join(dir, 'gallery.json'), 'utf8'))).images;
}

export async function loadGalleryEmbeddings(dir = DEFAULT_GALLERY_CONTENT): Promise<GalleryEmbeddings> {
  return galleryEmbeddingsSchema.parse(JSON.parse(await readFile(join(dir, 'embeddings.json'), 'utf8')));
}

export type GallerySeedReport = { skipped: string } | { galleryImages: number; removed: number };

/**
 * Loads the gallery into the database (idempotent: unchanged rows are left alone, photos no
 * longer in the manifest are removed). Creates the similar-search tables first when pgvector
 * became available after the migration ran; without pgvector it does nothing and says why.
 */
export async function seedGallery(
  db: Kysely<Database>,
  { dir = DEFAULT_GALLERY_CONTENT }: { dir?: string } = {},
): Promise<GallerySeedReport> {
  if (!(await createSimilarTables(db)))
    return { skipped: 'pgvector is not available on this database server' };
  const [images, stored] = await Promise.all([loadGalleryManifest(dir), loadGalleryEmbeddings(dir)]);
  if (stored.variant !== EMBEDDING_VARIANT) {
    throw new Error(
      `content/gallery/embeddings.json holds ${stored.variant} embeddings, the search uses ${EMBEDDING_VARIANT}: run npx tsx scripts/data/embed-gallery.ts`,
    );
  }
  return db.transaction().execute(async (trx) => {
    let changed = 0;
    for (const img of images) {
      const e = stored.images[img.id];
      if (!e || e.embedding.length !== EMBEDDING_DIMS)
        throw new Error(
          `content/gallery/embeddings.json has no embedding for ${img.id}: run npx tsx scripts/data/embed-gallery.ts`,
        );
      const row = {
        id: img.id,
        category: img.category,
        title: img.title,
        url: img.url,
        credit: img.credit,
        license: img.license,
        source: img.source ?? null,
        phash: e.phash,
        embedding: toVector(e.embedding),
      };
      const { id: _id, ...rest } = row;
      const res = await trx
        .insertInto('gallery_images')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(rest)
            .where(
              sql<boolean>`(gallery_images.category, gallery_images.title, gallery_images.url, gallery_images.credit, gallery_images.license, gallery_images.source, gallery_images.phash, gallery_images.embedding) is distinct from (excluded.category, excluded.title, excluded.url, excluded.credit, excluded.license, excluded.source, excluded.phash, excluded.embedding)`,
            ),
        )
        .executeTakeFirst();
      changed += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    const removed = await trx
      .deleteFrom('gallery_images')
      .where(
        'id',
        'not in',
        images.map((i) => i.id),
      )
      .executeTakeFirst();
    return { galleryImages: changed, removed: Number(removed.numDeletedRows ?? 0) };
  });
}
