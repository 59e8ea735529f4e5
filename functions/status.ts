import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { statusSummary } from '../src/server/status/probes';

/** GET /api/status: the latest recorded probe and the last 30 days' uptime, for /status. */
export default defineHandler(['GET'], async (_req, ctx) =>
  // A probe is recorded every 5 minutes: a minute's shared cache costs the page nothing.
  json(await statusSummary(getDb()), ctx, { headers: { 'Cache-Control': 'public, max-age=60' } }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/status' };
