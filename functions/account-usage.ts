import type { Config } from '@netlify/functions';
import { getUsage } from '../src/server/account/usage';
import { requireUser } from '../src/server/account/users';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';

/** GET /api/account/usage: this billing month per API and per key, and the last 20 calls. */
export default defineHandler(['GET'], async (req, ctx) => {
  const db = getDb();
  const user = await requireUser(db, req);
  return json(await getUsage(db, user.id), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/usage' };
