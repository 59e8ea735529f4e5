import type { Config } from '@netlify/functions';
import { adminSessionOf } from '../src/server/auth/admin-session';
import { defineHandler, json } from '../src/server/http/handler';

/**
 * GET /api/auth/session: whether the request carries a live admin session. Always 200 so the
 * admin page can ask without a console error. It does not say whether an admin login is
 * configured at all; a login attempt on an unconfigured server answers 503.
 */
export default defineHandler(['GET'], async (req, ctx) => {
  const session = await adminSessionOf(req);
  return json(
    session
      ? { authenticated: true, username: session.sub, expires_at: new Date(session.exp).toISOString() }
      : { authenticated: false },
    ctx,
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/auth/session' };
