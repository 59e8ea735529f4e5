import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { checkHealth } from '../src/server/status/health';

/**
 * GET /api/health: the database, the queue and the models checked now. 200 while the service
 * serves (`ok`, `degraded`), 503 with the same report when it is `down`.
 */
export default defineHandler(['GET'], async (_req, ctx) => {
  const report = await checkHealth(getDb());
  return json(report, ctx, {
    status: report.status === 'down' ? 503 : 200,
    headers: report.status === 'down' ? { 'Retry-After': '30' } : {},
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/health' };
