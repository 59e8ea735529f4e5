import type { Config } from '@netlify/functions';
import { createApiKey, listApiKeys, revokeApiKey } from '../src/server/account/keys';
import { requireUser } from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { createKeyOperation } from '../src/shared/contracts/account';

/**
 * POST /api/account/keys (create; the full key is in this answer only), GET /api/account/keys
 * (list), DELETE /api/account/keys/:id (revoke). Session only: keys cannot manage keys.
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'id') ? ['DELETE'] : ['GET', 'POST']),
  async (req, ctx) => {
    const collection = !hasRouteParam(ctx, 'id');
    if (req.method !== 'GET') assertSameOrigin(req);
    const db = getDb();
    const user = await requireUser(db, req);
    if (!collection) return json({ key: await revokeApiKey(db, user.id, routeParam(ctx, 'id')) }, ctx);
    if (req.method === 'GET') return json({ keys: await listApiKeys(db, user.id) }, ctx);
    const { name } = await readJson(req, createKeyOperation.body, { maxBytes: 4096 });
    const { id, key, prefix, last4, created_at } = await createApiKey(db, user.id, name);
    return json({ id, name, key, prefix, last4, created_at }, ctx, { status: 201 });
  },
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/account/keys', '/api/account/keys/:id'] };
