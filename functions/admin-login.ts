import { createHmac } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { checkCredentials, issueSessionCookie, requireAdminConfig } from '../src/server/auth/admin-session';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { HttpError } from '../src/server/http/errors';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import {
  enforceRateLimit,
  enforceRateLimitFor,
  rateLimitSecret,
  refundRateLimit,
} from '../src/server/rate-limit/rate-limit';
import { adminLoginOperation } from '../src/shared/contracts/admin-auth';

/** Login attempts allowed per client per window: enough for typos, too few for guessing. */
export const LOGIN_LIMIT = SITE_RATE_LIMITS['auth-login'];
/** Failed login attempts allowed per user name per window, whatever the address. */
export const LOGIN_USER_LIMIT = SITE_RATE_LIMITS['auth-login-user'];

/** The rate-limit key of a user name tried: keyed hash, case and spaces folded (never the name itself). */
function adminLoginKey(username: string): string {
  return createHmac('sha256', rateLimitSecret())
    .update(`admin-login\u0000${username.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/** POST /api/auth/login: checks the admin pair, starts a server-side session and sets its cookie. */
export default defineHandler(['POST'], async (req, ctx) => {
  // A cross-site page must not be able to log a visitor in (login CSRF).
  assertSameOrigin(req);
  const config = requireAdminConfig();
  // Counted before the password check, so the limit applies to guesses as well as mistakes.
  await enforceRateLimit(getDb(), ctx, LOGIN_LIMIT);
  const { username, password } = await readJson(req, adminLoginOperation.body, { maxBytes: 4096 });
  // Per user name too, from any address: many addresses taking turns cannot guess one password.
  const userKey = adminLoginKey(username);
  await enforceRateLimitFor(getDb(), ctx, LOGIN_USER_LIMIT, userKey);
  if (!(await checkCredentials(config, username, password))) {
    throw new HttpError(401, 'UNAUTHORIZED', 'Invalid credentials');
  }
  // Signing in is not guessing: the admin's own logins never lock the name.
  await refundRateLimit(getDb(), LOGIN_USER_LIMIT, userKey);
  const { setCookie, session } = await issueSessionCookie(req, config);
  return json(
    { authenticated: true, username: session.sub, expires_at: new Date(session.exp).toISOString() },
    ctx,
    { headers: { 'Set-Cookie': setCookie } },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/auth/login' };
