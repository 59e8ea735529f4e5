/**
 * User accounts: sign-up, login, the session cookie and "who is signed in". Passwords are
 * scrypt hashes (`auth/password.ts`); sessions are rows of the shared `sessions` table with kind
 * `user` and the user id as subject, so logging out revokes them on the server. The admin login
 * (`auth/admin-session.ts`) is separate: other cookie, other kind.
 */
import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { isHttps, readCookie, sessionCookie } from '../auth/cookies';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/signed-in-hint';
import { DEFAULT_SCRYPT, hashPassword, verifyPassword } from '../auth/password';
import { createSession, findSession, revokeSession } from '../auth/session-store';
import { HttpError } from '../http/errors';
import { SITE_RATE_LIMITS } from '../../shared/rate-limits';
import { rateLimitSecret } from '../rate-limit/rate-limit';
import type { AccountUser, LoginRequest } from '../../shared/schemas/account';

/** Name of the account session cookie (the admin's is `optiq_admin_session`). */
export const USER_SESSION_COOKIE = 'optiq_session';
/** Account sessions last a week; logging out ends them at once. */
export const USER_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sign-ups per client address per hour: enough for a household, too few for a bot farm. */
export const SIGNUP_LIMIT = SITE_RATE_LIMITS['account-signup'];
/** Login attempts per client address, and per account identifier, per 15 minutes. */
export const LOGIN_LIMIT = SITE_RATE_LIMITS['account-login'];
export const LOGIN_IDENTIFIER_LIMIT = SITE_RATE_LIMITS['account-login-id'];

/** The one answer to a wrong username/email or password: it never says which. */
export const BAD_LOGIN_MESSAGE = 'Wrong username, email or password';

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  createdAt: Date;
}

export const toAccountUser = (u: UserRecord): AccountUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  created_at: u.createdAt.toISOString(),
});

/** The rate-limit key of a login identifier: keyed hash of its lower-case form, never the text. */
export function loginIdentifierKey(login: string): string {
  return createHmac('sha256', rateLimitSecret())
    .update(`login\u0000${login.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Is this Postgres' unique-violation error (code 23505)? */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** 409 CONFLICT naming the taken fields, for the form to show under each. */
export function taken(fields: ('username' | 'email')[]): HttpError {
  const messages = { username: 'This username is taken', email: 'An account with this email already exists' };
  const details = Object.fromEntries(fields.map((f) => [f, [messages[f]]]));
  return new HttpError(409, 'CONFLICT', fields.map((f) => messages[f]).join('; '), {
    details: { fields: details },
  });
}

export async function takenFields(
  db: Kysely<Database>,
  username: string,
  email: string,
): Promise<('username' | 'email')[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', username.toLowerCase()),
        eb(sql`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .execute();
  const out: ('username' | 'email')[] = [];
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) out.push('username');
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) out.push('email');
  return out;
}

let dummyHash: Promise<string> | undefined;
/** A real hash of nothing anyone knows, so an unknown login costs the same scrypt as a known one. */
function decoyHash(): Promise<string> {
  dummyHash ??= hashPassword(`decoy-${Math.random()}`, DEFAULT_SCRYPT);
  return dummyHash;
}

/** The account a username-or-email and password belong to; 401 with one generic message otherwise. */
export async function logIn(db: Kysely<Database>, input: Required<LoginRequest>): Promise<UserRecord> {
  const login = input.login.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password', 'created_at'])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', login), eb(sql`lower(email)`, '=', login)]))
    .executeTakeFirst();
  // Same work either way: an unknown identifier still runs scrypt against a decoy hash.
  const ok = await verifyPassword(input.password, row?.password ?? (await decoyHash()));
  if (!row || !ok) throw new HttpError(401, 'UNAUTHORIZED', BAD_LOGIN_MESSAGE);
  return { id: row.id, username: row.username, email: row.email, createdAt: row.created_at };
}

/** Starts a session for `user`; the `Set-Cookie` value to send. */
export async function startUserSession(
  db: Kysely<Database>,
  req: Request,
  user: UserRecord,
  now: number = Date.now(),
): Promise<string> {
  const { token } = await createSession(
    db,
    { kind: 'user', subject: user.id, ttlMs: USER_SESSION_TTL_MS },
    now,
  );
  return sessionCookie(req, USER_SESSION_COOKIE, token, USER_SESSION_TTL_MS / 1000);
}

/** The `Set-Cookie` value of the signed-in hint (src/shared/signed-in-hint.ts): set with the session's lifetime, or cleared. */
export function signedInHintCookie(req: Request, signedIn: boolean): string {
  const parts = [
    `${SIGNED_IN_HINT_COOKIE}=${signedIn ? '1' : ''}`,
    'Path=/',
    'SameSite=Strict',
    `Max-Age=${signedIn ? USER_SESSION_TTL_MS / 1000 : 0}`,
  ];
  if (!signedIn) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

/** Revokes the request's session (if any); the `Set-Cookie` value that clears the cookie. */
export async function endUserSession(
  db: Kysely<Database>,
  req: Request,
  now: number = Date.now(),
): Promise<string> {
  await revokeSession(db, readCookie(req, USER_SESSION_COOKIE), now);
  return sessionCookie(req, USER_SESSION_COOKIE, '', 0);
}

/** The signed-in account of the request's session cookie, or null. */
export async function sessionUser(
  db: Kysely<Database>,
  req: Request,
  now: number = Date.now(),
): Promise<UserRecord | null> {
  const token = readCookie(req, USER_SESSION_COOKIE);
  if (!token) return null;
  const session = await findSession(db, token, 'user', now);
  if (!session) return null;
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'created_at'])
    .where('id', '=', session.subject)
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, email: row.email, createdAt: row.created_at } : null;
}

/** The signed-in account, or 401 UNAUTHORIZED. */
export async function requireUser(db: Kysely<Database>, req: Request, now?: number): Promise<UserRecord> {
  const user = await sessionUser(db, req, now);
  if (!user) throw new HttpError(401, 'UNAUTHORIZED', 'Please sign in');
  return user;
}
