/** The admin session as the functions see it: credentials check, cookie in, cookie out. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';
import { readAdminConfig, type AdminConfig } from './config';
import { readCookie, sessionCookie } from './cookies';
import { verifyPassword } from './password';
import { createSession, SESSION_COOKIE, SESSION_TTL_MS, verifySession, type SessionPayload } from './session';

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
export async function checkCredentials(config: AdminConfig, username: string, password: string): Promise<boolean> {
  const userOk = timingSafeEqual(digest(username), digest(config.username));
  const passOk = await verifyPassword(password, config.passwordHash);
  return userOk && passOk;
}

/** The valid admin session carried by the request, or null (also when admin is not configured). */
export function adminSessionOf(req: Request, env: Record<string, string | undefined> = process.env): SessionPayload | null {
  const result = readAdminConfig(env);
  if (!result.ok) return null;
  return verifySession(readCookie(req, SESSION_COOKIE), result.config);
}

/** `Set-Cookie` for a new session plus its payload. */
export function issueSessionCookie(req: Request, config: AdminConfig, now: number = Date.now()): { setCookie: string; payload: SessionPayload } {
  const { token, payload } = createSession(config, now);
  return { setCookie: sessionCookie(req, SESSION_COOKIE, token, SESSION_TTL_MS / 1000), payload };
}

/** `Set-Cookie` that removes the session cookie. */
export function clearSessionCookie(req: Request): string {
  return sessionCookie(req, SESSION_COOKIE, '', 0);
}
