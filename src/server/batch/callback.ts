/**
 * Job callbacks: when a job ends, its final body is POSTed to its `callback_url`, signed.
 *
 * Header `Optiq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over `<t>.<raw body>`. The
 * HMAC key is the hex SHA-256 of the API key that created the job (the caller has the key,
 * Optiq stores only that hash): `hmac_sha256(key = sha256_hex(api_key), message = t + "." + body)`.
 * Reject a callback whose signature does not match, or whose `t` is more than 5 minutes old.
 * Delivery follows the image-fetching SSRF rules (public addresses only, no redirects) and is
 * retried: a few quick tries in the task, then the queue's exponential backoff.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Optiq-Signature';

/** The signing key of a job's callbacks: hex SHA-256 of the API key (`api_keys.key_hash` stores the same digest, base64url). */
export const callbackSecretForKey = (apiKey: string): string =>
  createHash('sha256').update(apiKey).digest('hex');

/** The `Optiq-Signature` value of `body` sent at `timestamp` (unix seconds). */
export function signCallback(body: string, secret: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Checks a received signature, as a receiver would (tolerance in seconds). */
export function verifyCallback(
  body: string,
  header: string,
  secret: string,
  { now = Date.now() / 1000, toleranceSeconds = 300 } = {},
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signCallback(body, secret, t).split('v1=')[1] ?? '', 'hex');
  const got = Buffer.from(v1, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}
