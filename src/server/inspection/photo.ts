/**
 * One photo of a virtual inspection, analysed by the product's own parts: one detection pass
 * (room head, fixtures, the embedding and perceptual hash of similar search, light and sharpness)
 * and the photo-authenticity layers (declared capture data, fail tags with their evidence), then
 * a near-duplicate search in the account's own similar-search collections. What is stored per
 * photo is the report's photo plus its hash and embedding, which the finishing step compares
 * across the set.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { analyzeAuthenticityBytes, analyzeSceneBytes } from '../vision/engine';
import { withImageBudget } from '../vision/engine/image-budget';
import { loadImageBytes } from '../vision/authenticity/service';
import type { AuthenticityReport } from '../vision/authenticity/analyze';
import type { SceneAnalysis } from '../vision/scene/analyze';
import type { SafeFetchOptions } from '../vision/safe-fetch';
import { embed } from '../vision/similar/embedding';
import { hashThumb, type PerceptualHash } from '../vision/similar/phash';
import { searchSimilar } from '../vision/similar/service';
import {
  INSPECTION_FIXTURES,
  INSPECTION_MIN_SIDE,
  type InspectionPhoto,
} from '../../shared/schemas/inspection';

/** What the photo step stores: the report's photo, and what the finishing step compares. */
export interface StoredPhoto extends InspectionPhoto {
  phash?: PerceptualHash;
  embedding?: number[];
}

/** Sharpness below which a photo reads as blurred (documented in the contract). */
export const BLUR_BELOW = 0.25;
/** Mean brightness below which a photo reads as dark (documented in the contract). */
export const DARK_BELOW = 0.2;

const FIXTURE_SET = new Set<string>(INSPECTION_FIXTURES);

/** The report's photo fields from the two analyses (pure: the unit tests feed it recorded analyses). */
export function photoFromAnalyses(
  base: Pick<InspectionPhoto, 'index' | 'image_url' | 'file_name'>,
  scene: SceneAnalysis,
  authenticity: AuthenticityReport,
): StoredPhoto {
  const best = scene.rooms[0] ?? { label: 'other' as const, score: 1 };
  const fixtures = new Map<string, number>();
  for (const d of scene.detections) {
    if (!FIXTURE_SET.has(d.label)) continue;
    fixtures.set(d.label, Math.max(fixtures.get(d.label) ?? 0, d.confidence));
  }
  const meta = authenticity.evidence.metadata;
  const sharpness = scene.sharpness ?? 1;
  const brightness = Math.round(scene.pixels.brightness * 1000) / 1000;
  return {
    ...base,
    room: { label: best.label, score: Math.round(best.score * 1000) / 1000 },
    fixtures: [...fixtures]
      .map(([name, score]) => ({ name, score: Math.round(score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score),
    quality: {
      width: scene.width,
      height: scene.height,
      blurred: sharpness < BLUR_BELOW,
      dark: scene.pixels.brightness < DARK_BELOW,
      too_small: Math.min(scene.width, scene.height) < INSPECTION_MIN_SIDE,
      sharpness,
      brightness,
    },
    capture: {
      ...(meta.camera.takenAt && { taken_at: meta.camera.takenAt }),
      ...(meta.camera.make && { camera_make: meta.camera.make }),
      ...(meta.camera.model && { camera_model: meta.camera.model }),
      gps_present: meta.gps,
    },
    authenticity: {
      verdict: authenticity.verdict,
      fail_tags: [...authenticity.fail_tags],
      evidence: authenticity.findings.map((f) => ({ tag: f.tag, explanation: oneLine(f.explanation) })),
    },
    ...(scene.grey && { phash: hashThumb(scene.grey) }),
    // Four decimals: the cosine of two stored photos moves by less than 0.001, and the row is a third the size.
    embedding: embed({ plain: scene.features }).map((x) => Math.round(x * 1e4) / 1e4),
  };
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface PhotoInput {
  index: number;
  imageUrl: string;
  fileName?: string | undefined;
  /** The uploaded bytes (else the URL is fetched, or read from disk for the site's samples). */
  bytes?: Uint8Array | undefined;
}

export interface PhotoDeps {
  db: Kysely<Database>;
  userId: string;
  siteOrigins: ReadonlySet<string>;
  fetch?: SafeFetchOptions | undefined;
}

/**
 * Analyses one photo. A photo that cannot be fetched or read gets its error (the others are not
 * affected); anything on our side throws, so the queue retries it.
 */
export async function analysePhoto(input: PhotoInput, deps: PhotoDeps): Promise<StoredPhoto> {
  const base = {
    index: input.index,
    image_url: input.imageUrl,
    ...(input.fileName !== undefined && { file_name: input.fileName }),
  };
  let photo: StoredPhoto;
  try {
    photo = await withImageBudget(async (lease) => {
      const bytes =
        input.bytes ??
        (await loadImageBytes(
          { url: input.imageUrl },
          { siteOrigins: deps.siteOrigins, ...(deps.fetch && { fetch: deps.fetch }) },
        ));
      lease.holdImage(bytes.byteLength);
      // Both queue on the engine's worker; each takes its own copy (the engine moves what it gets).
      const [scene, authenticity] = await Promise.all([
        analyzeSceneBytes(bytes.slice(), { inspection: true }),
        analyzeAuthenticityBytes(bytes.slice()),
      ]);
      return photoFromAnalyses(base, scene, authenticity);
    });
  } catch (error) {
    if (
      error instanceof HttpError &&
      (error.status < 500 || error.code === 'IMAGE_FETCH_FAILED') &&
      error.status !== 429
    )
      return { ...base, error: { code: error.code, message: error.message } };
    throw error;
  }
  const matches = await collectionMatches(deps.db, deps.userId, photo);
  return matches.length > 0 ? { ...photo, collection_matches: matches } : photo;
}

/** Near-duplicates of the photo in each of the account's collections (none without collections or pgvector). */
async function collectionMatches(
  db: Kysely<Database>,
  userId: string,
  photo: StoredPhoto,
): Promise<NonNullable<InspectionPhoto['collection_matches']>> {
  if (!photo.embedding || !photo.phash) return [];
  const has = await sql<{ ok: boolean }>`select to_regclass('similar_collections') is not null as ok`.execute(
    db,
  );
  if (!has.rows[0]?.ok) return [];
  const collections = await db
    .selectFrom('similar_collections')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  const out: NonNullable<InspectionPhoto['collection_matches']> = [];
  for (const c of collections) {
    const { matches } = await searchSimilar(
      db,
      { embedding: photo.embedding, phash: photo.phash },
      { max_results: 3, similarity_threshold: 0.9, category: 'all' },
      { kind: 'collection', collectionId: c.id },
    );
    for (const m of matches.filter((x) => x.near_duplicate))
      out.push({ collection: c.name, image_id: m.id, url: m.url, similarity: m.similarity });
  }
  return out;
}
