import type { Config } from '@netlify/functions';
import { signUp } from '../src/server/account/signup';
import {
  SIGNUP_LIMIT,
  signedInHintCookie,
  startUserSession,
  toAccountUser,
} from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { signupOperation } from '../src/shared/contracts/account';

/** POST /api/account/signup: creates an account and signs it in. */
export default defineHandler(['POST'], async (req, ctx) => {
  // Another site must not be able to create accounts in a visitor's name (or sign them into one).
  assertSameOrigin(req);
  const db = getDb();
  await enforceRateLimit(db, ctx, SIGNUP_LIMIT);
  const input = await readJson(req, signupOperation.body, { maxBytes: 4096 });
  const user = await signUp(db, input);
  const setCookie = await startUserSession(db, req, user);
  return json({ user: toAccountUser(user) }, ctx, {
    status: 201,
    headers: [
      ['Set-Cookie', setCookie],
      ['Set-Cookie', signedInHintCookie(req, true)],
    ],
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/signup' };
