/**
 * The admin session's cookie and lifetime. The session itself lives on the server
 * (`session-store.ts`): the cookie holds only a random token, revoked at logout.
 */
import { createHash } from 'node:crypto';
import type { AdminConfig } from './config';

/** Name of the admin session cookie. */
export const SESSION_COOKIE = 'optiq_admin_session';
/** Session lifetime: one working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/**
 * Short fingerprint of the configured admin credentials, stored with each admin session:
 * changing the user name or the password hash ends every session issued before.
 */
export function passwordFingerprint(config: AdminConfig): string {
  return createHash('sha256')
    .update(`${config.username}\u0000${config.passwordHash}`)
    .digest('base64url')
    .slice(0, 16);
}
