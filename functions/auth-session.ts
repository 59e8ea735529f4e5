import type { Config } from '@netlify/functions';
import { adminSessionOf } from '../src/server/auth/admin-session';
import { readAdminConfig } from '../src/server/auth/config';
import { defineHandler, json } from '../src/server/http/handler';

/**
 * GET /api/auth/session: whether the request carries a valid admin session. Always 200 so the
 * admin page can ask without a console error; `configured` lets it explain a disabled login.
 */
export default defineHandler(['GET'], async (req, ctx) => {
  const session = adminSessionOf(req);
  const configured = readAdminConfig().ok;
  return json(
    session
      ? { authenticated: true, configured, username: session.sub, expires_at: new Date(session.exp).toISOString() }
      : { authenticated: false, configured },
    ctx,
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/auth/session' };
