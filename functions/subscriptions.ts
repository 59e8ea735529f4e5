import type { Config } from '@netlify/functions';
import { cancelSubscription, listSubscriptions, subscribe } from '../src/server/account/subscriptions';
import { requireUser } from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { subscribeOperation } from '../src/shared/contracts/account';

/**
 * POST /api/subscriptions (subscribe, or change tier), GET /api/subscriptions (list),
 * DELETE /api/subscriptions/:id (cancel). Session only.
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'id') ? ['DELETE'] : ['GET', 'POST']),
  async (req, ctx) => {
    const collection = !hasRouteParam(ctx, 'id');
    if (req.method !== 'GET') assertSameOrigin(req);
    const db = getDb();
    const user = await requireUser(db, req);
    if (!collection)
      return json({ subscription: await cancelSubscription(db, user.id, routeParam(ctx, 'id')) }, ctx);
    if (req.method === 'GET') return json({ subscriptions: await listSubscriptions(db, user.id) }, ctx);
    const { api_id, tier } = await readJson(req, subscribeOperation.body, { maxBytes: 4096 });
    return json({ subscription: await subscribe(db, user.id, api_id, tier) }, ctx, { status: 201 });
  },
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/subscriptions', '/api/subscriptions/:id'] };
