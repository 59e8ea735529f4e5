import type { Config } from '@netlify/functions';
import { authorize } from '../src/server/auth/require-admin';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { listErrorReports } from '../src/server/vision/authenticity/error-reports';

/** GET /api/error-reports (admin only): the 50 newest reports of wrong authenticity results. */
export default defineHandler(['GET'], async (req, ctx) => {
  await authorize(req);
  return json(await listErrorReports(getDb()), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/error-reports' };
