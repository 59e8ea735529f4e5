/**
 * Admin session cookie: `base64url(payload).base64url(HMAC-SHA256(payload))`. The expiry lives
 * inside the signed payload, so a cookie replayed after its Max-Age (or with an edited expiry)
 * is refused. No server-side session table is needed for a single admin.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AdminConfig } from './config';

/** Name of the admin session cookie. */
export const SESSION_COOKIE = 'optiq_admin_session';
/** Session lifetime: one working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface SessionPayload {
  /** Admin user name. */
  sub: string;
  /** Issued at, ms since epoch. */
  iat: number;
  /** Expires at, ms since epoch. */
  exp: number;
  /** Fingerprint of the password hash: changing the password ends every session. */
  pwd: string;
}

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/** Short fingerprint of the configured password hash, bound into each session. */
export function passwordFingerprint(config: AdminConfig): string {
  return createHash('sha256').update(config.passwordHash).digest('base64url').slice(0, 16);
}

/** Signs a payload into a cookie value. */
export function signSession(payload: SessionPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** A new session for the configured admin. */
export function createSession(config: AdminConfig, now: number = Date.now()): { token: string; payload: SessionPayload } {
  const payload: SessionPayload = { sub: config.username, iat: now, exp: now + SESSION_TTL_MS, pwd: passwordFingerprint(config) };
  return { token: signSession(payload, config.sessionSecret), payload };
}

/**
 * The payload of a valid, unexpired session for the configured admin; null for anything
 * forged, tampered, expired, or issued for other credentials.
 */
export function verifySession(token: string | undefined, config: AdminConfig, now: number = Date.now()): SessionPayload | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(config.sessionSecret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isPayload(payload)) return null;
  if (payload.exp <= now || payload.iat > now + 60_000 || payload.exp - payload.iat > SESSION_TTL_MS) return null;
  if (payload.sub !== config.username || payload.pwd !== passwordFingerprint(config)) return null;
  return payload;
}

function isPayload(value: unknown): value is SessionPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['sub'] === 'string' && typeof v['iat'] === 'number' && typeof v['exp'] === 'number' && typeof v['pwd'] === 'string';
}
