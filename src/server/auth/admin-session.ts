/** The admin session as the functions see it: credentials check, session in, session out. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { getDb, type Database } from '../db';
import { HttpError } from '../http/errors';
import { readAdminConfig, type AdminConfig } from './config';
import { readCookie, sessionCookie } from './cookies';
import { verifyPassword } from './password';
import { passwordFingerprint, SESSION_COOKIE, SESSION_TTL_MS } from './session';
import { createSession, findSession, revokeSession } from './session-store';

/** A live admin session. */
export interface AdminSession {
  /** Admin user name. */
  sub: string;
  /** Expiry, ms since epoch. */
  exp: number;
}

/** The configured admin credentials, or a 503 saying the admin login is not set up. */
export function requireAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  const result = readAdminConfig(env);
  if (!result.ok) {
    // Details name the missing settings, never their values.
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Admin login is not configured on this server', {
      details: { problems: result.problems },
    });
  }
  return result.config;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * True when the pair matches. Both the user name and the password are always checked, and the
 * user name is compared as fixed-length digests, so timing reveals neither which part was wrong
 * nor how much of it matched.
 */
export async function checkCredentials(
  config: AdminConfig,
  username: string,
  password: string,
): Promise<boolean> {
  const userOk = timingSafeEqual(digest(username), digest(config.username));
  const passOk = await verifyPassword(password, config.passwordHash);
  return userOk && passOk;
}

/**
 * The live admin session the request's cookie belongs to, or null: no cookie, an unknown,
 * revoked or expired token, other credentials than the configured ones, or no admin configured.
 */
export async function adminSessionOf(
  req: Request,
  env: Record<string, string | undefined> = process.env,
  db: Kysely<Database> = getDb(),
): Promise<AdminSession | null> {
  const result = readAdminConfig(env);
  if (!result.ok) return null;
  const record = await findSession(db, readCookie(req, SESSION_COOKIE), 'admin');
  if (
    !record ||
    record.subject !== result.config.username ||
    record.credential !== passwordFingerprint(result.config)
  )
    return null;
  return { sub: record.subject, exp: record.expiresAt.getTime() };
}

/** Starts an admin session: `Set-Cookie` for it plus the session. */
export async function issueSessionCookie(
  req: Request,
  config: AdminConfig,
  db: Kysely<Database> = getDb(),
): Promise<{ setCookie: string; session: AdminSession }> {
  const { token, record } = await createSession(db, {
    kind: 'admin',
    subject: config.username,
    credential: passwordFingerprint(config),
    ttlMs: SESSION_TTL_MS,
  });
  return {
    setCookie: sessionCookie(req, SESSION_COOKIE, token, SESSION_TTL_MS / 1000),
    session: { sub: record.subject, exp: record.expiresAt.getTime() },
  };
}

/** Revokes the request's session on the server; `Set-Cookie` that removes the cookie too. */
export async function endSession(req: Request, db: Kysely<Database> = getDb()): Promise<string> {
  await revokeSession(db, readCookie(req, SESSION_COOKIE));
  return clearSessionCookie(req);
}

/** `Set-Cookie` that removes the session cookie. */
export function clearSessionCookie(req: Request): string {
  return sessionCookie(req, SESSION_COOKIE, '', 0);
}
