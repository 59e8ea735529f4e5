import type { Config } from '@netlify/functions';
import { endUserSession, signedInHintCookie } from '../src/server/account/users';
import { assertSameOrigin } from '../src/server/auth/same-origin';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';

/** POST /api/account/logout: revokes the session on the server and clears the cookie. */
export default defineHandler(['POST'], async (req, ctx) => {
  assertSameOrigin(req);
  const cleared = await endUserSession(getDb(), req);
  return json({ signed_out: true }, ctx, {
    headers: [
      ['Set-Cookie', cleared],
      ['Set-Cookie', signedInHintCookie(req, false)],
    ],
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/account/logout' };
