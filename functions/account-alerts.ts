import type { Config } from '@netlify/functions';
import { requireUser } from '../src/server/account/users';
import { getAlertSettings, saveAlertSettings } from '../src/server/alerts/settings';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { saveAlertsOperation } from '../src/shared/contracts/account';

/**
 * GET /api/account/alerts (thresholds, webhook, alerts fired) and PUT (replace them), for the
 * signed-in account. Session only.
 */
export default defineHandler(['GET', 'PUT'], async (req, ctx) => {
  if (req.method !== 'GET') assertSameOrigin(req);
  const db = getDb();
  const user = await requireUser(db, req);
  if (req.method === 'GET') return json(await getAlertSettings(db, user.id), ctx);
  const body = await readJson(req, saveAlertsOperation.body, { maxBytes: 16 * 1024 });
  return json(await saveAlertSettings(db, user.id, body), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/alerts' };
