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
import { HttpError } from '../../http/errors';
import type { Database } from '../../db/tables';
import { withImageBudget, type BudgetLease } from '../engine/image-budget';
import { imageFeaturesBytes } from '../engine';
import { locate } from '../model-files';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from '../safe-fetch';
import { readSiteSample, siteSampleName } from '../site-images';
import { EMBEDDING_NEEDS_MIRROR, embedded, judgeMatch, toVector, type EmbeddedImage } from './embedding';
import type { SimilarMatch, SimilarRequestParsed, SimilarResponse } from '../../../shared/schemas/similar';
import type { ImageSource } from '../upload';

/**
 * HNSW search breadth per query (pgvector's `hnsw.ef_search`, default 40), set with SET LOCAL
 * for the search's transaction. Measured by `npm run bench:similar` (README, "Similar-image
 * search"): recall@10 against exact search at 100k rows with m = 16, ef_construction = 64.
 */
export const EF_SEARCH = 100;

/**
 * Up to this many candidate rows (after the category filter) the gallery is scanned exactly
 * instead of through the HNSW index: exact recall at about the cost of an index query (the bench
 * prints the exact scan beside the index figures). Collections are always scanned exactly (they
 * hold at most COLLECTION_LIMITS.images = 10,000 rows): every account's collection shares one
 * index, so an index search for one collection's rows would walk the other collections' rows
 * first and, in a large table, stop before reaching them.
 */
export const EXACT_SCAN_ROWS = 10_000;

/**
 * ef_search when a filter applies and pgvector is older than 0.8 (no iterative scan): the index
 * returns at most ef_search rows before the filter, so it over-fetches (1000 is pgvector's maximum).
 */
export const FILTERED_EF_SEARCH = 1000;

export interface SearchPlan {
  exact: boolean;
  efSearch: number;
  iterativeScan: boolean;
}

/**
 * How one search runs: `rows` it may return (after the filters), whether a filter applies, the
 * scope, and whether pgvector has iterative scans (>= 0.8).
 */
export function searchPlan(
  rows: number,
  filtered: boolean,
  iterative: boolean,
  scope: SearchScope['kind'] = 'gallery',
): SearchPlan {
  if (scope === 'collection' || rows <= EXACT_SCAN_ROWS)
    return { exact: true, efSearch: EF_SEARCH, iterativeScan: false };
  if (!filtered) return { exact: false, efSearch: EF_SEARCH, iterativeScan: false };
  return iterative
    ? { exact: false, efSearch: EF_SEARCH, iterativeScan: true }
    : { exact: false, efSearch: FILTERED_EF_SEARCH, iterativeScan: false };
}

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
    throw new HttpError(
      503,
      'SERVICE_UNAVAILABLE',
      'Similar-image search is not available on this server: its database has no pgvector extension. Install pgvector (Debian: postgresql-15-pgvector) and run the seed again.',
    );
  }
}

/** Folder of the gallery photos (public/gallery; override: GALLERY_DIR). */
export const galleryDir = (): string => locate('GALLERY_DIR', 'public/gallery', 'arch-colosseum.jpg');

const GALLERY_NAME = /^\/gallery\/([a-z0-9][a-z0-9-]{0,80}\.jpg)$/;

/** Reads a URL naming a gallery photo on the site's own origin from disk, else undefined. */
async function readGalleryPhoto(
  rawUrl: string,
  origins: ReadonlySet<string>,
): Promise<Uint8Array | undefined> {
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
    throw new HttpError(
      422,
      'IMAGE_FETCH_FAILED',
      `Could not fetch image ${rawUrl}: the gallery has no such photo`,
    );
  }
}

/** Loads (within the image budget) and embeds one image. */
export function embedImage(
  image: QueryImage,
  deps: SimilarDeps = {},
  lease?: BudgetLease,
): Promise<EmbeddedImage> {
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
        (
          await safeFetchImage(image.url, {
            allowLoopback: allowLoopbackFromEnv(),
            signal: fetchDeadline(),
            ...deps.fetch,
          })
        ).bytes);
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
 * above the threshold, best first, with `near_duplicate` (`judgeMatch`: a perceptual-hash match
 * or a similarity of 0.9 and above). Hash matches read at least 0.9 even when a heavy edit moved
 * the embedding.
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
  // Candidates: the nearest, a few more than asked so near duplicates found by hash can rise.
  const limit = Math.min(100, params.max_results * 2);
  const { rows, total } = await db.transaction().execute(async (trx) => {
    const filter = category === 'all' ? sql`true` : sql`category = ${category}`;
    const where =
      scope.kind === 'gallery' ? filter : sql`collection_id = ${scope.collectionId} and ${filter}`;
    const table = sql.raw(scope.kind === 'gallery' ? 'gallery_images' : 'collection_images');
    const count = await sql<{ n: number }>`select count(*)::int as n from ${table} where ${where}`.execute(
      trx,
    );
    const total = count.rows[0]?.n ?? 0;
    const plan = searchPlan(total, category !== 'all', iterative, scope.kind);
    // An exact scan orders by an expression the HNSW index cannot serve.
    const distance = plan.exact ? sql`(embedding <=> ${q}::vector) + 0` : sql`embedding <=> ${q}::vector`;
    if (!plan.exact) {
      await sql`select set_config('hnsw.ef_search', ${String(plan.efSearch)}, true)`.execute(trx);
      // pgvector >= 0.8: keep scanning the graph when the filter drops candidates.
      if (plan.iterativeScan)
        await sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
    }
    const found =
      scope.kind === 'gallery'
        ? await sql<Candidate>`
            select id, url, category, phash, title, credit, license, 1 - (embedding <=> ${q}::vector) as cosine
            from gallery_images where ${where}
            order by ${distance} limit ${limit}`.execute(trx)
        : await sql<Candidate>`
            select image_id as id, url, category, phash, metadata, 1 - (embedding <=> ${q}::vector) as cosine
            from collection_images where ${where}
            order by ${distance} limit ${limit}`.execute(trx);
    return { rows: found.rows, total };
  });
  const matches = rows
    .map((r): SimilarMatch => {
      const { similarity, near_duplicate: nearDuplicate } = judgeMatch(
        query.phash,
        r.phash,
        Number(r.cosine),
      );
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
