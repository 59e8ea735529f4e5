import type { Config } from '@netlify/functions';
import { clearSessionCookie } from '../src/server/auth/admin-session';
import { defineHandler, json } from '../src/server/http/handler';

/**
 * POST /api/auth/logout: clears the session cookie. Sessions are stateless, so the cookie is
 * the session; it also ends by itself at its signed expiry.
 */
export default defineHandler(['POST'], async (req, ctx) =>
  json({ authenticated: false }, ctx, { headers: { 'Set-Cookie': clearSessionCookie(req) } }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/auth/logout' };
