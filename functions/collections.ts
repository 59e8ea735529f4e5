import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { HttpError, validationError } from '../src/server/http/errors';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/server/rate-limit/policies';
import {
  addCollectionImage,
  collectionId,
  createCollection,
  deleteCollection,
  deleteCollectionImage,
  listCollectionImages,
  listCollections,
} from '../src/server/similar/collections';
import { readImageRequest } from '../src/server/similar/request';
import { embedImage, requireSimilarSearch, SIMILAR_API_ID } from '../src/server/similar/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, uploadReservation } from '../src/server/vision/upload';
import { addCollectionImageOperation, createCollectionOperation, listCollectionImagesOperation } from '../src/shared/contracts/similar';

const PREFIX = '/api/v1/collections';

/** The collection name and image id a path names; 404 for anything else. */
function route(req: Request): { name?: string; images: boolean; id?: string } {
  const path = new URL(req.url).pathname.replace(/(.)\/$/, '$1');
  if (path === PREFIX) return { images: false };
  const parts = path.slice(PREFIX.length + 1).split('/');
  const decode = (s: string | undefined): string => {
    let v: string;
    try {
      v = decodeURIComponent(s ?? '');
    } catch {
      throw new HttpError(404, 'NOT_FOUND', 'Not found');
    }
    // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are rejected
    if (!v || v.includes('/') || /[\u0000-\u001f\u007f]/.test(v)) throw new HttpError(404, 'NOT_FOUND', 'Not found');
    return v;
  };
  if (parts.length === 1) return { name: decode(parts[0]), images: false };
  if (parts[1] !== 'images' || parts.length > 3) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return parts.length === 2 ? { name: decode(parts[0]), images: true } : { name: decode(parts[0]), images: true, id: decode(parts[2]) };
}

function methods(req: Request): string[] {
  try {
    const r = route(req);
    if (r.id !== undefined) return ['DELETE'];
    if (r.name === undefined || r.images) return ['GET', 'POST'];
    return ['DELETE'];
  } catch {
    return ['GET', 'POST', 'DELETE'];
  }
}

/**
 * The caller's collections for the similar-image search (contracts: createCollectionOperation
 * and the five after it): POST/GET /api/v1/collections, DELETE /api/v1/collections/:name,
 * POST/GET /api/v1/collections/:name/images, DELETE /api/v1/collections/:name/images/:id.
 * Keyed like every /api/v1 call; every query is scoped to the caller's account. Adding an image
 * embeds it (one image counted); the other calls analyse nothing and count nothing.
 */
export default defineHandler(methods, (req, ctx) =>
  runApiCall(getDb(), req, ctx, SIMILAR_API_ID, async (call) => {
    const r = route(req);
    const adding = r.images && r.id === undefined && req.method === 'POST';
    await call.rateLimit(adding ? API_RATE_LIMITS.single : API_RATE_LIMITS.results);
    const db = getDb();
    await requireSimilarSearch(db);
    if (r.name === undefined) {
      if (req.method === 'GET') return { data: { collections: await listCollections(db, call.userId) }, images: 0 };
      const body = await readJson(req, createCollectionOperation.body, { maxBytes: 4096 });
      return { data: { collection: await createCollection(db, call.userId, body.name, body.description) }, images: 0, status: 201 };
    }
    if (!r.images) {
      await deleteCollection(db, call.userId, r.name);
      return { data: { deleted: r.name }, images: 0 };
    }
    const collection = await collectionId(db, call.userId, r.name);
    if (r.id !== undefined) {
      await deleteCollectionImage(db, collection, r.id);
      return { data: { deleted: r.id }, images: 0 };
    }
    if (req.method === 'GET') {
      const parsed = listCollectionImagesOperation.query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
      if (!parsed.success) throw validationError(parsed.error);
      const images = await listCollectionImages(db, collection, { limit: parsed.data.limit, after: parsed.data.after });
      return { data: { images, next_after: images.length === parsed.data.limit ? (images.at(-1)?.id ?? null) : null }, images: 0 };
    }
    const add = async (lease?: BudgetLease) => {
      const { fields, image } = await readImageRequest(req, addCollectionImageOperation.body, { lease, jsonFields: ['metadata'] });
      if (fields.metadata && JSON.stringify(fields.metadata).length > 4096) {
        throw new HttpError(400, 'INVALID_REQUEST', 'metadata must be at most 4 KB of JSON', { details: { fields: { metadata: ['metadata must be at most 4 KB of JSON'] } } });
      }
      const vector = await embedImage(image, { siteOrigins: siteOrigins(req) }, 'bytes' in image ? lease : undefined);
      return addCollectionImage(db, collection, { id: fields.id, url: 'url' in image ? image.url : null, category: fields.category, metadata: fields.metadata ?? {} }, vector);
    };
    const stored = isMultipart(req) ? await withImageBudget((lease) => add(lease), uploadReservation(req) + DECODE_BYTES) : await add();
    return { data: { image: stored }, images: 1, status: 201 };
  }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: [PREFIX, `${PREFIX}/:name`, `${PREFIX}/:name/images`, `${PREFIX}/:name/images/:id`] };
