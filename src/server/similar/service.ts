/**
 * Similar-image search behind POST /api/v1/similar and the keyless demo: load the query image
 * (an upload, the site's own sample or gallery photos from disk, anything else through the
 * SSRF-safe fetcher), embed it off the event loop (one CenterNet pass; see
 * `vision/similar/embedding.ts`), then ask the HNSW index of the public gallery or of one of the
 * account's collections for the nearest images by cosine distance.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { HttpError } from '../http/errors';
import type { Database } from '../db/tables';
import { withImageBudget, type BudgetLease } from '../vision/engine/image-budget';
import { imageFeaturesBytes } from '../vision/engine';
import { locate } from '../vision/model-files';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from '../vision/safe-fetch';
import { readSiteSample, siteSampleName } from '../vision/site-images';
import { EMBEDDING_NEEDS_MIRROR, embedded, NEAR_DUPLICATE_BITS, similarityOf, toVector, type EmbeddedImage } from '../vision/similar/embedding';
import { hashDistance } from '../vision/similar/phash';
import type { SimilarMatch, SimilarRequestParsed, SimilarResponse } from '../../shared/schemas/similar';
import type { ImageSource } from '../vision/upload';

export const SIMILAR_API_ID = 'similar-image-search';

/**
 * HNSW search breadth per query (pgvector's `hnsw.ef_search`, default 40). 100 gives recall@10
 * of at least 0.95 at 100k rows with m = 16, ef_construction = 64 (`npm run bench:similar`).
 */
export const EF_SEARCH = 100;

export type QueryImage = ImageSource;

export interface SimilarDeps {
  siteOrigins?: ReadonlySet<string>;
  fetch?: Partial<SafeFetchOptions>;
}

interface Availability {
  /** The similar-search tables exist (pgvector was available when migrated or seeded). */
  ok: boolean;
  /** pgvector >= 0.8: `hnsw.iterative_scan` keeps a filtered search from coming back short. */
  iterative: boolean;
}

// Per database, checked once.
const available = new WeakMap<Kysely<Database>, Promise<Availability>>();

async function availability(db: Kysely<Database>): Promise<Availability> {
  let known = available.get(db);
  if (!known) {
    known = sql<{ ok: boolean; version: string | null }>`
      select to_regclass('gallery_images') is not null as ok, (select extversion from pg_extension where extname = 'vector') as version`
      .execute(db)
      .then(({ rows }) => {
        const [major = 0, minor = 0] = (rows[0]?.version ?? '0.0').split('.').map(Number);
        return { ok: rows[0]?.ok === true, iterative: major > 0 || minor >= 8 };
      });
    available.set(db, known);
  }
  try {
    const a = await known;
    // Not cached when missing: seeding may create the tables later.
    if (!a.ok) available.delete(db);
    return a;
  } catch (error) {
    available.delete(db);
    throw error;
  }
}

/** Throws 503 when this database has no pgvector (the tables were not created). */
export async function requireSimilarSearch(db: Kysely<Database>): Promise<void> {
  if (!(await availability(db)).ok) {
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Similar-image search is not available on this server: its database has no pgvector extension. Install pgvector (Debian: postgresql-15-pgvector) and run the seed again.');
  }
}

/** Folder of the gallery photos (public/gallery; override: GALLERY_DIR). */
export const galleryDir = (): string => locate('GALLERY_DIR', 'public/gallery', 'arch-colosseum.jpg');

const GALLERY_NAME = /^\/gallery\/([a-z0-9][a-z0-9-]{0,80}\.jpg)$/;

/** Reads a URL naming a gallery photo on the site's own origin from disk, else undefined. */
async function readGalleryPhoto(rawUrl: string, origins: ReadonlySet<string>): Promise<Uint8Array | undefined> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  const name = origins.has(url.origin) ? GALLERY_NAME.exec(url.pathname)?.[1] : undefined;
  if (!name) return undefined;
  try {
    return new Uint8Array(await readFile(join(galleryDir(), name)));
  } catch {
    throw new HttpError(422, 'IMAGE_FETCH_FAILED', `Could not fetch image ${rawUrl}: the gallery has no such photo`);
  }
}

/** Loads (within the image budget) and embeds one image. */
export function embedImage(image: QueryImage, deps: SimilarDeps = {}, lease?: BudgetLease): Promise<EmbeddedImage> {
  const run = async (bytes: Uint8Array, holder: BudgetLease) => {
    holder.holdImage(bytes.byteLength);
    return embedded(await imageFeaturesBytes(bytes, EMBEDDING_NEEDS_MIRROR));
  };
  if ('bytes' in image && lease) return run(image.bytes, lease);
  return withImageBudget(async (own) => {
    if ('bytes' in image) return run(image.bytes, own);
    const origins = deps.siteOrigins ?? new Set<string>();
    const sample = siteSampleName(image.url, origins);
    const bytes = sample
      ? await readSiteSample(sample, image.url)
      : ((await readGalleryPhoto(image.url, origins)) ??
        (await safeFetchImage(image.url, { allowLoopback: allowLoopbackFromEnv(), signal: fetchDeadline(), ...deps.fetch })).bytes);
    return run(bytes, own);
  });
}

/** Where to search: the public gallery or one collection (by its internal id). */
export type SearchScope = { kind: 'gallery' } | { kind: 'collection'; collectionId: string };

interface Candidate {
  id: string;
  url: string | null;
  category: string;
  phash: string;
  cosine: number;
  title?: string;
  credit?: string;
  license?: string;
  metadata?: Record<string, unknown>;
}

/**
 * The nearest images to `query` in `scope`: at most `max_results`, calibrated similarity at or
 * above the threshold, best first, with `near_duplicate` from the perceptual hash. Near
 * duplicates read at least 0.9 even when a heavy edit moved the embedding.
 */
export async function searchSimilar(
  db: Kysely<Database>,
  query: EmbeddedImage,
  params: Pick<SimilarRequestParsed, 'max_results' | 'similarity_threshold' | 'category'>,
  scope: SearchScope,
): Promise<{ matches: SimilarMatch[]; total: number }> {
  await requireSimilarSearch(db);
  const { iterative } = await availability(db);
  const q = toVector(query.embedding);
  const category = params.category;
  // Candidates: the index's nearest, a few more than asked so near duplicates found by hash can rise.
  const limit = Math.min(100, params.max_results * 2);
  const { rows, total } = await db.transaction().execute(async (trx) => {
    await sql`select set_config('hnsw.ef_search', ${String(EF_SEARCH)}, true)`.execute(trx);
    // pgvector >= 0.8: keep scanning the graph when a filter drops candidates.
    if (iterative) await sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
    const filter = category === 'all' ? sql`true` : sql`category = ${category}`;
    if (scope.kind === 'gallery') {
      const found = await sql<Candidate>`
        select id, url, category, phash, title, credit, license, 1 - (embedding <=> ${q}::vector) as cosine
        from gallery_images where ${filter}
        order by embedding <=> ${q}::vector limit ${limit}`.execute(trx);
      const count = await sql<{ n: number }>`select count(*)::int as n from gallery_images where ${filter}`.execute(trx);
      return { rows: found.rows, total: count.rows[0]?.n ?? 0 };
    }
    const found = await sql<Candidate & { image_id: string }>`
      select image_id as id, url, category, phash, metadata, 1 - (embedding <=> ${q}::vector) as cosine
      from collection_images where collection_id = ${scope.collectionId} and ${filter}
      order by embedding <=> ${q}::vector limit ${limit}`.execute(trx);
    const count = await sql<{ n: number }>`select count(*)::int as n from collection_images where collection_id = ${scope.collectionId} and ${filter}`.execute(trx);
    return { rows: found.rows, total: count.rows[0]?.n ?? 0 };
  });
  const matches = rows
    .map((r): SimilarMatch => {
      const nearDuplicate = hashDistance(query.phash, r.phash) <= NEAR_DUPLICATE_BITS;
      const cosine = Number(r.cosine);
      const similarity = nearDuplicate ? Math.max(0.9, similarityOf(cosine)) : similarityOf(cosine);
      return {
        id: r.id,
        url: r.url ?? '',
        similarity,
        category: r.category,
        near_duplicate: nearDuplicate,
        ...(r.title !== undefined && r.title !== null && { title: r.title }),
        ...(r.credit !== undefined && r.credit !== null && { credit: r.credit }),
        ...(r.license !== undefined && r.license !== null && { license: r.license }),
        ...(r.metadata !== undefined && { metadata: r.metadata }),
      };
    })
    .filter((m) => m.similarity >= params.similarity_threshold)
    .sort((a, b) => b.similarity - a.similarity || Number(b.near_duplicate) - Number(a.near_duplicate))
    .slice(0, params.max_results);
  return { matches, total };
}

/** Makes a gallery match's site path absolute on `origin`. */
const absolute = (url: string, origin: string): string => (url.startsWith('/') ? `${origin}${url}` : url);

/** The whole request: embed, search, shape the documented answer. */
export async function runSimilarSearch(
  db: Kysely<Database>,
  image: QueryImage,
  fields: SimilarRequestParsed,
  scope: SearchScope,
  requestId: string,
  origin: string,
  deps: SimilarDeps = {},
  lease?: BudgetLease,
): Promise<SimilarResponse> {
  const started = performance.now();
  // Before the image work: a server without pgvector answers 503 at once.
  await requireSimilarSearch(db);
  const query = await embedImage(image, deps, lease);
  const { matches, total } = await searchSimilar(db, query, fields, scope);
  return {
    query_image: 'url' in image ? image.url : 'upload',
    total_searched: total,
    matches_found: matches.length,
    processing_time: Math.round(((performance.now() - started) / 1000) * 1000) / 1000,
    similar_images: matches.map((m) => ({ ...m, url: absolute(m.url, origin) })),
    search_parameters: {
      max_results: fields.max_results,
      similarity_threshold: fields.similarity_threshold,
      category: fields.category,
      ...(fields.collection !== undefined && { collection: fields.collection }),
    },
    request_id: requestId,
  };
}
