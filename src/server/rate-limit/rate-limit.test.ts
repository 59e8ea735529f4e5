import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database } from '../db';
import { createTestDb } from '../../../tests/support/test-db';
import { HttpError } from '../http/errors';
import {
  clientKey,
  consumeRateLimit,
  enforceRateLimit,
  rateLimitHeaders,
  rateLimitSecret,
  sweepRateLimits,
  SWEEP_INTERVAL_MS,
} from './rate-limit';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
});
afterAll(async () => {
  await close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const T0 = Date.UTC(2026, 10, 22, 12, 0, 30); // 30 s into a clock minute

const rows = (bucket: string) =>
  db
    .withTables<{ rate_limits: { bucket: string; key: string; tat_ms: number } }>()
    .selectFrom('rate_limits')
    .selectAll()
    .where('bucket', '=', bucket)
    .execute();

describe('consumeRateLimit', () => {
  it('allows a burst of `limit` requests and refuses the next', async () => {
    const opts = { bucket: 'limit', key: 'client-a', limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, opts, T0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
  });

  it('does not let twice the limit through around a clock-minute boundary', async () => {
    // A fixed window let `limit` through at 0:59 and `limit` again at 1:00.
    const opts = { bucket: 'boundary', key: 'client-a', limit: 10, windowMs: 60_000 };
    const beforeBoundary = T0 + 29_000; // 12:00:59
    const afterBoundary = T0 + 31_000; // 12:01:01
    let allowed = 0;
    for (let i = 0; i < 20; i++) if ((await consumeRateLimit(db, opts, beforeBoundary)).allowed) allowed++;
    for (let i = 0; i < 20; i++) if ((await consumeRateLimit(db, opts, afterBoundary)).allowed) allowed++;
    // Two seconds later, one sixth of a second's worth of allowance is back: nothing more.
    expect(allowed).toBe(10);
  });

  it('gives allowance back steadily: one request per window / limit', async () => {
    const opts = { bucket: 'refill', key: 'client-a', limit: 10, windowMs: 60_000 };
    for (let i = 0; i < 10; i++) expect((await consumeRateLimit(db, opts, T0)).allowed).toBe(true);
    expect((await consumeRateLimit(db, opts, T0 + 5_999)).allowed).toBe(false);
    expect((await consumeRateLimit(db, opts, T0 + 6_000)).allowed).toBe(true);
    expect((await consumeRateLimit(db, opts, T0 + 6_000)).allowed).toBe(false);
    // A full window later the whole burst is back.
    const later = [];
    for (let i = 0; i < 11; i++) later.push((await consumeRateLimit(db, opts, T0 + 6_000 + 60_000)).allowed);
    expect(later.filter(Boolean)).toHaveLength(10);
  });

  it('never lets more than `limit` through in any window under a steady flood', async () => {
    const opts = { bucket: 'flood', key: 'client-a', limit: 20, windowMs: 60_000 };
    const allowedAt: number[] = [];
    // A request every 500 ms for three minutes.
    for (let t = 0; t < 180_000; t += 500)
      if ((await consumeRateLimit(db, opts, T0 + t)).allowed) allowedAt.push(t);
    // Short spans see at most the burst: never twice the limit within a few seconds.
    for (const start of allowedAt)
      expect(allowedAt.filter((t) => t >= start && t < start + 5_000).length).toBeLessThanOrEqual(
        opts.limit + 2,
      );
    // Overall: the first burst, then one every window / limit (3 s).
    expect(allowedAt.length).toBe(Math.floor((180_000 - 500 + 60_000) / 3_000));
  });

  it('reports Retry-After as the wait for the next request and the reset as the wait for all of them', async () => {
    const opts = { bucket: 'retry', key: 'client-a', limit: 2, windowMs: 60_000 };
    await consumeRateLimit(db, opts, T0);
    await consumeRateLimit(db, opts, T0);
    const refused = await consumeRateLimit(db, opts, T0 + 1_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 29, resetSeconds: 59 });
  });

  it('refuses everything with limit 0', async () => {
    expect(
      await consumeRateLimit(db, { bucket: 'zero', key: 'a', limit: 0, windowMs: 60_000 }, T0),
    ).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
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
  });
});

describe('sweeping expired rows', () => {
  it('deletes rows whose allowance is whole again, minutes after use rather than a day', async () => {
    const opts = { bucket: 'sweep', key: 'client-a', limit: 10, windowMs: 60_000 };
    await consumeRateLimit(db, opts, T0);
    await consumeRateLimit(db, { ...opts, key: 'client-b' }, T0 + 50_000);
    expect(await rows('sweep')).toHaveLength(2);
    // client-a's single request is forgotten 6 s later; client-b's is still counting.
    expect(await sweepRateLimits(db, T0 + 50_000 + 1)).toBeGreaterThanOrEqual(1);
    expect((await rows('sweep')).map((r) => r.key)).toEqual(['client-b']);
  });

  it('runs on its own from consumeRateLimit at most once per interval', async () => {
    const opts = { bucket: 'auto-sweep', key: 'client-a', limit: 10, windowMs: 60_000 };
    const far = T0 + 10 * 24 * 3600_000;
    await consumeRateLimit(db, opts, far);
    await consumeRateLimit(db, { ...opts, key: 'client-b' }, far);
    // Two minutes later (past one interval) the next request sweeps both stale rows away.
    await consumeRateLimit(db, { ...opts, key: 'client-c' }, far + 2 * SWEEP_INTERVAL_MS);
    expect((await rows('auto-sweep')).map((r) => r.key)).toEqual(['client-c']);
    // Within the interval no sweep runs, so a stale row stays until the next one.
    await consumeRateLimit(db, { ...opts, key: 'client-d' }, far + 2 * SWEEP_INTERVAL_MS + 1);
    await consumeRateLimit(db, { ...opts, key: 'client-e' }, far + 2 * SWEEP_INTERVAL_MS + 20_000);
    expect((await rows('auto-sweep')).map((r) => r.key).sort()).toEqual(['client-c', 'client-d', 'client-e']);
  });
});

describe('enforceRateLimit', () => {
  const policy = { name: 'enforce', limit: 2, windowMs: 60_000 };
  const ctx = () => ({ clientIp: '192.0.2.10', headers: new Headers() });

  it('sets RateLimit-Policy and RateLimit on allowed requests', async () => {
    const c = ctx();
    await enforceRateLimit(db, c, policy, T0);
    expect(c.headers.get('RateLimit-Policy')).toBe('"enforce";q=2;w=60');
    expect(c.headers.get('RateLimit')).toBe('"enforce";r=1;t=30');
  });

  it('throws 429 RATE_LIMITED with Retry-After and the RateLimit fields once the limit is used up', async () => {
    const c = ctx();
    await enforceRateLimit(db, c, policy, T0);
    const error = await enforceRateLimit(db, c, policy, T0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.status).toBe(429);
    expect(http.code).toBe('RATE_LIMITED');
    expect(http.headers['Retry-After']).toBe('30');
    expect(c.headers.get('RateLimit')).toBe('"enforce";r=0;t=60');
  });

  it('formats the IETF fields with quoted policy names', () => {
    const headers = rateLimitHeaders(
      { name: 'single', limit: 100, windowMs: 60_000 },
      { allowed: true, remaining: 42, resetSeconds: 18, retryAfterSeconds: 1 },
    );
    expect(headers).toEqual({ 'RateLimit-Policy': '"single";q=100;w=60', RateLimit: '"single";r=42;t=18' });
  });
});

describe('clientKey', () => {
  it('keys an IPv6 client by its /64, so one network cannot mint fresh budgets', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:0DB8:0001:0002:0:0:0:9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });

  it('keys IPv4 addresses one by one, IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientKey('203.0.113.7')).not.toBe(clientKey('203.0.113.8'));
    expect(clientKey('::ffff:203.0.113.7')).toBe(clientKey('203.0.113.7'));
  });

  it('never contains the raw address', () => {
    const key = clientKey('203.0.113.7');
    expect(key).not.toContain('203.0.113.7');
    expect(key).toMatch(/^[\w-]{32}$/);
  });
});

describe('rateLimitSecret', () => {
  it('uses RATE_LIMIT_SECRET, then SESSION_SECRET', () => {
    expect(rateLimitSecret({ RATE_LIMIT_SECRET: 'r'.repeat(32), SESSION_SECRET: 's'.repeat(32) })).toBe(
      'r'.repeat(32),
    );
    expect(rateLimitSecret({ SESSION_SECRET: 's'.repeat(32) })).toBe('s'.repeat(32));
  });

  it('has no hard-coded fallback: without a secret it generates one per process and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = rateLimitSecret({});
    expect(first).not.toBe('optiq-rate-limit');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(rateLimitSecret({})).toBe(first);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
