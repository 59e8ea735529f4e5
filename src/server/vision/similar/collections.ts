/**
 * An account's own collections for the similar-image search: named sets of images (by URL or
 * upload, with the caller's id, category and metadata) it can search instead of the public
 * gallery. Every query is scoped by the account's user id: one account never sees, searches or
 * changes another's collections (404 as if they did not exist).
 */
import { sql, type Kysely } from 'kysely';
import { HttpError } from '../../http/errors';
import { toJson, type Database } from '../../db/tables';
import { toVector, type EmbeddedImage } from './embedding';
import type { CollectionImageView, CollectionView } from '../../../shared/schemas/similar';
import { requireSimilarSearch } from './service';

/** Most collections per account, and images per collection. */
export const COLLECTION_LIMITS = { collections: 50, images: 10_000 } as const;

const notFound = (name: string) =>
  new HttpError(404, 'NOT_FOUND', `No collection named "${name}" in this account`);

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

export async function createCollection(
  db: Kysely<Database>,
  userId: string,
  name: string,
  description?: string,
): Promise<CollectionView> {
  await requireSimilarSearch(db);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from similar_collections where user_id = ${userId}`.execute(db);
  if ((rows[0]?.n ?? 0) >= COLLECTION_LIMITS.collections) {
    throw new HttpError(
      409,
      'CONFLICT',
      `An account may hold at most ${COLLECTION_LIMITS.collections} collections; delete one first`,
    );
  }
  const row = await db
    .insertInto('similar_collections')
    .values({ user_id: userId, name, description: description ?? null })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .returning(['name', 'description', 'created_at'])
    .executeTakeFirst();
  if (!row)
    throw new HttpError(409, 'CONFLICT', `A collection named "${name}" already exists in this account`);
  return { name: row.name, description: row.description, image_count: 0, created_at: iso(row.created_at) };
}

export async function listCollections(db: Kysely<Database>, userId: string): Promise<CollectionView[]> {
  await requireSimilarSearch(db);
  const rows = await db
    .selectFrom('similar_collections as c')
    .leftJoin('collection_images as i', 'i.collection_id', 'c.id')
    .select([
      'c.name',
      'c.description',
      'c.created_at',
      sql<number>`count(i.image_id)::int`.as('image_count'),
    ])
    .where('c.user_id', '=', userId)
    .groupBy(['c.id', 'c.name', 'c.description', 'c.created_at'])
    .orderBy('c.created_at')
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    image_count: r.image_count,
    created_at: iso(r.created_at),
  }));
}

/** The internal id of the account's collection `name`; 404 when it has none by that name. */
export async function collectionId(db: Kysely<Database>, userId: string, name: string): Promise<string> {
  await requireSimilarSearch(db);
  const row = await db
    .selectFrom('similar_collections')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw notFound(name);
  return row.id;
}

export async function deleteCollection(db: Kysely<Database>, userId: string, name: string): Promise<void> {
  await requireSimilarSearch(db);
  const res = await db
    .deleteFrom('similar_collections')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!res.numDeletedRows) throw notFound(name);
}

export interface NewCollectionImage {
  id: string;
  url: string | null;
  category: string;
  metadata: Record<string, unknown>;
}

/** Adds (or replaces, by id) one embedded image. */
export async function addCollectionImage(
  db: Kysely<Database>,
  collection: string,
  image: NewCollectionImage,
  vector: EmbeddedImage,
): Promise<CollectionImageView> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from collection_images where collection_id = ${collection}`.execute(db);
  if ((rows[0]?.n ?? 0) >= COLLECTION_LIMITS.images) {
    throw new HttpError(
      409,
      'CONFLICT',
      `A collection holds at most ${COLLECTION_LIMITS.images} images; delete some or use another collection`,
    );
  }
  const values = {
    collection_id: collection,
    image_id: image.id,
    category: image.category,
    url: image.url,
    metadata: toJson(image.metadata),
    phash: vector.phash.hash,
    embedding: toVector(vector.embedding),
  };
  const row = await db
    .insertInto('collection_images')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['collection_id', 'image_id']).doUpdateSet({ ...values, created_at: sql`now()` }),
    )
    .returning(['image_id', 'url', 'category', 'metadata', 'phash', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.image_id,
    url: row.url,
    category: row.category,
    metadata: row.metadata,
    phash: row.phash,
    created_at: iso(row.created_at),
  };
}

export async function listCollectionImages(
  db: Kysely<Database>,
  collection: string,
  { limit, after }: { limit: number; after?: string | undefined },
): Promise<CollectionImageView[]> {
  let q = db
    .selectFrom('collection_images')
    .select(['image_id', 'url', 'category', 'metadata', 'phash', 'created_at'])
    .where('collection_id', '=', collection)
    .orderBy('image_id')
    .limit(limit);
  if (after !== undefined) q = q.where('image_id', '>', after);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.image_id,
    url: r.url,
    category: r.category,
    metadata: r.metadata,
    phash: r.phash,
    created_at: iso(r.created_at),
  }));
}

export async function deleteCollectionImage(
  db: Kysely<Database>,
  collection: string,
  imageId: string,
): Promise<void> {
  const res = await db
    .deleteFrom('collection_images')
    .where('collection_id', '=', collection)
    .where('image_id', '=', imageId)
    .executeTakeFirst();
  if (!res.numDeletedRows)
    throw new HttpError(404, 'NOT_FOUND', `No image with id "${imageId}" in this collection`);
}
