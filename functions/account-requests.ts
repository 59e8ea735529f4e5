import type { Config } from '@netlify/functions';
import { requireUser } from '../src/server/account/users';
import { getDb } from '../src/server/db';
import { validationError } from '../src/server/http/errors';
import { defineHandler, json } from '../src/server/http/handler';
import { listRequestLog } from '../src/server/request-log/repository';
import { requestLogOperation } from '../src/shared/contracts/account';

/**
 * GET /api/account/requests: the signed-in account's API calls of the last 30 days, newest
 * first, filtered by `api`, `key` and `status` (2xx/4xx/5xx), paged with `before`.
 */
export default defineHandler(['GET'], async (req, ctx) => {
  const db = getDb();
  const user = await requireUser(db, req);
  const query = requestLogOperation.query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw validationError(query.error);
  return json(await listRequestLog(db, user.id, query.data), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/requests' };
