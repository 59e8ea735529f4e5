/**
 * Admin credentials come only from the server environment; nothing is shipped by default, so
 * an unconfigured deployment has no working login at all.
 */
import { isPasswordHash } from './password';

/** Shortest accepted SESSION_SECRET: 32 characters of randomness for the HMAC key. */
export const MIN_SECRET_LENGTH = 32;

export interface AdminConfig {
  username: string;
  passwordHash: string;
  sessionSecret: string;
}

export type AdminConfigResult = { ok: true; config: AdminConfig } | { ok: false; problems: string[] };

type Env = Record<string, string | undefined>;

/** Reads and checks ADMIN_USERNAME, ADMIN_PASSWORD_HASH and SESSION_SECRET. */
export function readAdminConfig(env: Env = process.env): AdminConfigResult {
  const username = env['ADMIN_USERNAME']?.trim() ?? '';
  const passwordHash = env['ADMIN_PASSWORD_HASH']?.trim() ?? '';
  const sessionSecret = env['SESSION_SECRET'] ?? '';
  const problems: string[] = [];
  if (!username) problems.push('ADMIN_USERNAME is not set');
  if (!passwordHash) problems.push('ADMIN_PASSWORD_HASH is not set');
  else if (!isPasswordHash(passwordHash))
    problems.push('ADMIN_PASSWORD_HASH is not a scrypt$N$r$p$salt$hash value');
  if (!sessionSecret) problems.push('SESSION_SECRET is not set');
  else if (sessionSecret.length < MIN_SECRET_LENGTH)
    problems.push(`SESSION_SECRET is shorter than ${MIN_SECRET_LENGTH} characters`);
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, config: { username, passwordHash, sessionSecret } };
}
