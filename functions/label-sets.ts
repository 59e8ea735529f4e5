import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { HttpError } from '../src/server/http/errors';
import { defineHandler } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { embedExamples, readLabelSetRequest } from '../src/server/vision/classify/label-set-create';
import { createLabelSet, deleteLabelSet, listLabelSets } from '../src/server/vision/classify/label-set-store';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { EMBEDDING_METHOD } from '../src/server/vision/classify/embedding';
import { API_IDS } from '../src/shared/api-ids';
import { DECODE_BYTES, withImageBudget } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, uploadReservation } from '../src/server/vision/upload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Custom label sets of the caller's account (contracts: createLabelSetOperation,
 * listLabelSetsOperation, deleteLabelSetOperation): POST and GET /api/v1/label-sets, DELETE
 * /api/v1/label-sets/:id. With an API key of an account subscribed to image classification.
 * Creating analyses every example (each counts as an image, the call one request); listing and
 * deleting use no quota.
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'id') ? ['DELETE'] : ['GET', 'POST']),
  (req, ctx) => {
    const db = getDb();
    if (req.method === 'POST') {
      return runApiCall(db, req, ctx, API_IDS.classification, async (call) => {
        await call.rateLimit(API_RATE_LIMITS.batch);
        const create = async () => {
          const { name, examples } = await readLabelSetRequest(req);
          await call.claimImages(examples.length);
          const embedded = await embedExamples(examples, { siteOrigins: siteOrigins(req) });
          return { ...(await createLabelSet(db, call.userId, name, embedded)), embedding: EMBEDDING_METHOD };
        };
        // An upload holds its share of the in-flight image budget while its examples are analysed.
        const data = isMultipart(req)
          ? await withImageBudget(() => create(), uploadReservation(req) + DECODE_BYTES)
          : await create();
        return { data, images: data.labels.reduce((n, l) => n + l.examples, 0), status: 201 };
      });
    }
    return runApiCall(
      db,
      req,
      ctx,
      API_IDS.classification,
      async (call) => {
        await call.rateLimit(API_RATE_LIMITS.results);
        if (req.method === 'GET')
          return { data: { label_sets: await listLabelSets(db, call.userId) }, images: 0 };
        const id = routeParam(ctx, 'id');
        if (!UUID.test(id) || !(await deleteLabelSet(db, call.userId, id)))
          throw new HttpError(404, 'NOT_FOUND', `No label set ${id} on this account`);
        return { data: { id, deleted: true }, images: 0 };
      },
      { metered: false, rateLimit: API_RATE_LIMITS.results },
    );
  },
);

// No `method` filter: other methods reach the handler and get a documented 405.
// Literal paths: Netlify's bundler reads `config` from the source and accepts no expressions.
export const config: Config = { path: ['/api/v1/label-sets', '/api/v1/label-sets/:id'] };
