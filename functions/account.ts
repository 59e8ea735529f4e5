import type { Config } from '@netlify/functions';
import { requireUser, toAccountUser } from '../src/server/account/users';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';

/** GET /api/account: the signed-in account, 401 without a live session. */
export default defineHandler(['GET'], async (req, ctx) => {
  return json({ user: toAccountUser(await requireUser(getDb(), req)) }, ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account' };
