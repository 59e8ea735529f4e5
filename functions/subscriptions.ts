import type { Config } from '@netlify/functions';
import { cancelSubscription, listSubscriptions, subscribe } from '../src/server/account/subscriptions';
import { requireUser } from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { isPath, pathParam } from '../src/server/http/path-param';
import { subscribeOperation } from '../src/shared/contracts/account';

/**
 * POST /api/subscriptions (subscribe, or change tier), GET /api/subscriptions (list),
 * DELETE /api/subscriptions/:id (cancel). Session only.
 */
export default defineHandler((req) => (isPath(req, '/api/subscriptions') ? ['GET', 'POST'] : ['DELETE']), async (req, ctx) => {
  const collection = isPath(req, '/api/subscriptions');
  if (req.method !== 'GET') assertSameOrigin(req);
  const db = getDb();
  const user = await requireUser(db, req);
  if (!collection) return json({ subscription: await cancelSubscription(db, user.id, pathParam(req, '/api/subscriptions/')) }, ctx);
  if (req.method === 'GET') return json({ subscriptions: await listSubscriptions(db, user.id) }, ctx);
  const { api_id, tier } = await readJson(req, subscribeOperation.body, { maxBytes: 4096 });
  return json({ subscription: await subscribe(db, user.id, api_id, tier) }, ctx, { status: 201 });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/subscriptions', '/api/subscriptions/:id'] };
