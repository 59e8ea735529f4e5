import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Database } from '../db';
import { HttpError } from '../http/errors';
import { clientKey, consumeRateLimit, enforceRateLimit } from './rate-limit';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
});
afterAll(async () => {
  await close();
});

const T0 = Date.UTC(2026, 10, 22, 12, 0, 30); // 30 s into a minute window

describe('consumeRateLimit', () => {
  it('allows `limit` requests per window and refuses the next', async () => {
    const opts = { bucket: 'limit', key: 'client-a', limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, opts, T0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
  });

  it('starts counting again in the next window', async () => {
    const opts = { bucket: 'reset', key: 'client-a', limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit(db, opts, T0)).allowed).toBe(true);
    expect((await consumeRateLimit(db, opts, T0 + 29_000)).allowed).toBe(false);
    expect((await consumeRateLimit(db, opts, T0 + 30_000)).allowed).toBe(true);
  });

  it('reports whole seconds until the window resets', async () => {
    const opts = { bucket: 'retry', key: 'client-a', limit: 0, windowMs: 60_000 };
    expect((await consumeRateLimit(db, opts, T0)).retryAfterSeconds).toBe(30);
    expect((await consumeRateLimit(db, opts, T0 + 29_500)).retryAfterSeconds).toBe(1);
  });

  it('keeps buckets and keys independent', async () => {
    const base = { limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit(db, { ...base, bucket: 'x', key: 'a' }, T0)).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...base, bucket: 'x', key: 'a' }, T0)).allowed).toBe(false);
    expect((await consumeRateLimit(db, { ...base, bucket: 'x', key: 'b' }, T0)).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...base, bucket: 'y', key: 'a' }, T0)).allowed).toBe(true);
  });

  it('counts concurrent requests exactly (atomic upsert)', async () => {
    const opts = { bucket: 'race', key: 'client-a', limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(db, opts, T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('enforceRateLimit', () => {
  it('throws 429 RATE_LIMITED with Retry-After once the limit is used up', async () => {
    const opts = { bucket: 'enforce', key: 'client-a', limit: 1, windowMs: 600_000 };
    await enforceRateLimit(db, opts);
    const error = await enforceRateLimit(db, opts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.status).toBe(429);
    expect(http.code).toBe('RATE_LIMITED');
    const retryAfter = Number(http.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});

describe('clientKey', () => {
  const req = (headers: Record<string, string>) => new Request('http://localhost/api/x', { headers });

  it("prefers Netlify's client IP, then the first X-Forwarded-For entry", () => {
    const nf = clientKey(req({ 'x-nf-client-connection-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }));
    expect(nf).toBe(clientKey(req({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })));
    expect(nf).not.toBe(clientKey(req({ 'x-forwarded-for': '198.51.100.1' })));
    expect(clientKey(req({}))).toBe(clientKey(req({ 'x-forwarded-for': '' })));
  });

  it('never contains the raw address', () => {
    const key = clientKey(req({ 'x-nf-client-connection-ip': '203.0.113.7' }));
    expect(key).not.toContain('203.0.113.7');
    expect(key).toMatch(/^[\w-]{32}$/);
  });
});
