import type { Config } from '@netlify/functions';
import { cancelSubscription, listSubscriptions, subscribe } from '../src/server/account/subscriptions';
import { requireUser } from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { HttpError } from '../src/server/http/errors';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { isPath, pathParam } from '../src/server/http/path-param';
import { subscribeRequestSchema } from '../src/shared/contracts/account';

/**
 * POST /api/subscriptions (subscribe, or change tier), GET /api/subscriptions (list),
 * DELETE /api/subscriptions/:id (cancel). Session only.
 */
export default defineHandler(['GET', 'POST', 'DELETE'], async (req, ctx) => {
  const collection = isPath(req, '/api/subscriptions');
  const allowed = collection ? ['GET', 'POST'] : ['DELETE'];
  if (!allowed.includes(req.method)) {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed`, { headers: { Allow: allowed.join(', ') } });
  }
  if (req.method !== 'GET') assertSameOrigin(req);
  const db = getDb();
  const user = await requireUser(db, req);
  if (!collection) return json({ subscription: await cancelSubscription(db, user.id, pathParam(req, '/api/subscriptions/')) }, ctx);
  if (req.method === 'GET') return json({ subscriptions: await listSubscriptions(db, user.id) }, ctx);
  const { api_id, tier } = await readJson(req, subscribeRequestSchema, { maxBytes: 4096 });
  return json({ subscription: await subscribe(db, user.id, api_id, tier) }, ctx, { status: 201 });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/subscriptions', '/api/subscriptions/:id'] };
