import type { Config } from '@netlify/functions';
import { endSession } from '../src/server/auth/admin-session';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { defineHandler, json } from '../src/server/http/handler';

/**
 * POST /api/auth/logout: revokes the session on the server (a copied cookie stops working at
 * once) and clears the cookie. Cross-site requests are refused, so another site cannot log the
 * admin out.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  assertSameOrigin(req);
  return json({ authenticated: false }, ctx, { headers: { 'Set-Cookie': await endSession(req) } });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/auth/logout' };
