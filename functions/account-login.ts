import type { Config } from '@netlify/functions';
import {
  LOGIN_IDENTIFIER_LIMIT,
  LOGIN_LIMIT,
  logIn,
  loginIdentifierKey,
  signedInHintCookie,
  startUserSession,
  toAccountUser,
} from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { enforceRateLimit, enforceRateLimitFor } from '../src/server/rate-limit/rate-limit';
import { loginOperation } from '../src/shared/contracts/account';

/** POST /api/account/login: username or email + password; starts a session. */
export default defineHandler(['POST'], async (req, ctx) => {
  assertSameOrigin(req);
  const db = getDb();
  // Counted before the password check: the limits apply to guesses as well as mistakes, per
  // client and per account (so many addresses cannot take turns guessing one password).
  await enforceRateLimit(db, ctx, LOGIN_LIMIT);
  const input = await readJson(req, loginOperation.body, { maxBytes: 4096 });
  await enforceRateLimitFor(db, ctx, LOGIN_IDENTIFIER_LIMIT, loginIdentifierKey(input.login));
  const user = await logIn(db, input);
  const setCookie = await startUserSession(db, req, user);
  return json({ user: toAccountUser(user) }, ctx, {
    headers: [
      ['Set-Cookie', setCookie],
      ['Set-Cookie', signedInHintCookie(req, true)],
    ],
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/login' };
