/**
 * The API behind keys: authentication (401), subscription or Free tier, monthly quota (429), metering
 * of analysed images, per-account categories and the site session path.
 */
import { describe, expect, it } from 'vitest';
import { runApiCall } from '../../src/server/account/api-call';
import { generateApiKey, KEY_PREFIX } from '../../src/server/account/api-key';
import { revokeApiKey } from '../../src/server/account/keys';
import { cancelSubscription } from '../../src/server/account/subscriptions';
import { createTestAccount } from '../support/test-account';
import { billingPeriod } from '../../src/server/account/usage';
import { createSession } from '../../src/server/auth/session-store';
import { getDb } from '../../src/server/db';
import { errorBodySchema } from '../../src/server/http/errors';
import { defineHandler } from '../../src/server/http/handler';
import type { RateLimitTables } from '../../src/server/rate-limit/rate-limit';
import { usageSchema } from '../../src/shared/schemas/account';
import { apiUsageSchema } from '../../src/shared/schemas/api-usage';
import { categoryDefinitionsResponseSchema, detectResponseSchema } from '../../src/shared/schemas/detect';
import accountUsage from '../../functions/account-usage';
import categories from '../../functions/categories';
import demoDetect from '../../functions/demo-detect';
import detect from '../../functions/detect';
import { useVisionEnv } from '../support/vision-env';
import { FREE_TIER } from '../../src/shared/free-tier';

const env = useVisionEnv();

let ip = 0;
const post = (fn: typeof detect, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fn(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    {
      ip: `203.0.113.${(++ip % 250) + 1}`,
    },
  );
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;
const oneImage = () => ({ image_urls: [env.img('dog.jpg')], category: 'living_room', error_checks: 0 });

describe('authentication', () => {
  it.each([
    ['missing', {}],
    ['not Bearer', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['malformed', bearer('optiq_live_short')],
    ['bad checksum', bearer(`${KEY_PREFIX}${'a'.repeat(32)}000000`)],
    ['unknown', bearer(generateApiKey())],
  ])(
    'answers 401 UNAUTHORIZED with WWW-Authenticate for a %s key, on detect and categories',
    async (_, headers) => {
      for (const [fn, path, body] of [
        [detect, '/api/v1/detect', oneImage()],
        [categories, '/api/v1/categories', { definitions: [{ category: 'x', objects: ['cup'] }] }],
      ] as const) {
        const res = await post(fn, path, body, headers);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="optiq"/);
        expect((await errorOf(res)).code).toBe('UNAUTHORIZED');
      }
    },
  );

  it('refuses a revoked key with 401, and records when a key was last used', async () => {
    const a = await createTestAccount(getDb());
    expect((await post(detect, '/api/v1/detect', oneImage(), bearer(a.key))).status).toBe(200);
    const row = await getDb()
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', a.keyId)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
    await revokeApiKey(getDb(), a.userId, a.keyId);
    const res = await post(detect, '/api/v1/detect', oneImage(), bearer(a.key));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toMatch(/revoked/);
  });

  it('answers a valid key without an active subscription to the API on the Free tier (tests/functions/free-tier.test.ts)', async () => {
    const other = await createTestAccount(getDb(), { apiId: 'photo-authenticity', tier: 'standard' });
    const res = await post(detect, '/api/v1/detect', oneImage(), bearer(other.key));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { usage: unknown }).usage).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: FREE_TIER.imagesPerMonth - 1,
    });
    const a = await createTestAccount(getDb());
    await cancelSubscription(getDb(), a.userId, a.subscriptionId);
    expect((await post(detect, '/api/v1/detect', oneImage(), bearer(a.key))).status).toBe(200);
  });
});

describe('metering', () => {
  it("with the runtime's waitUntil, answers first and settles the metering after, counting the same", async () => {
    const db = getDb();
    const a = await createTestAccount(db, { tier: 'testing' });
    const pending: Promise<unknown>[] = [];
    const req = new Request('http://localhost/api/v1/detect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(a.key) },
      body: JSON.stringify(oneImage()),
    });
    const res = await detect(req, { ip: '203.0.113.251', waitUntil: (p) => void pending.push(p) });
    expect(res.status).toBe(200);
    expect(apiUsageSchema.parse(((await res.json()) as { usage: unknown }).usage)).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: 199,
    });
    // The settlement was handed to the runtime rather than awaited before the response.
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const month = await db
      .selectFrom('usage_monthly')
      .select(['requests', 'images'])
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect([Number(month.requests), Number(month.images)]).toEqual([1, 1]);
    const events = await db
      .selectFrom('usage_events')
      .select(['status', 'images'])
      .where('user_id', '=', a.userId)
      .execute();
    expect(events).toEqual([{ status: 200, images: 1 }]);

    // A call that analysed nothing gives its request back after the response too.
    const nothing = await detect(
      new Request('http://localhost/api/v1/detect', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(a.key) },
        body: JSON.stringify({ image_urls: [] }),
      }),
      { ip: '203.0.113.252', waitUntil: (p) => void pending.push(p) },
    );
    expect(nothing.status).toBe(400);
    expect(pending).toHaveLength(2);
    await Promise.all(pending);
    const after = await db
      .selectFrom('usage_monthly')
      .select('requests')
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(Number(after.requests)).toBe(1);
    expect(
      await db
        .selectFrom('usage_events')
        .select('status')
        .where('user_id', '=', a.userId)
        .orderBy('id')
        .execute(),
    ).toEqual([{ status: 200 }, { status: 400 }]);
  });

  it('counts analysed images only, gives back the request of a call that analysed nothing, and says so', async () => {
    const db = getDb();
    const a = await createTestAccount(db, { tier: 'testing' });
    const mixed = await post(
      detect,
      '/api/v1/detect',
      { image_urls: [env.img('dog.jpg'), env.img('missing.jpg'), env.img('horses.jpg')], error_checks: 0 },
      bearer(a.key),
    );
    expect(mixed.status).toBe(200);
    const body = (await mixed.json()) as { usage: unknown };
    detectResponseSchema.parse(body);
    expect(apiUsageSchema.parse(body.usage)).toEqual({ requests: 1, images: 2, quota_remaining: 199 });

    const nothing = await post(
      detect,
      '/api/v1/detect',
      { image_urls: [env.img('missing.jpg')] },
      bearer(a.key),
    );
    expect(nothing.status).toBe(422);
    const invalid = await post(detect, '/api/v1/detect', { image_urls: [] }, bearer(a.key));
    expect(invalid.status).toBe(400);

    const cookie = await sessionCookie(a.userId);
    const usage = usageSchema.parse(
      await (
        await accountUsage(new Request('http://localhost/api/account/usage', { headers: { Cookie: cookie } }))
      ).json(),
    );
    expect(usage.apis).toEqual([
      {
        api_id: 'image-object-detection',
        api_name: expect.any(String),
        tier: 'testing',
        requests: 1,
        images: 2,
        quota: 200,
        remaining: 199,
      },
    ]);
    expect(usage.keys).toEqual([
      {
        key_id: a.keyId,
        name: 'test',
        prefix: a.key.slice(0, 15),
        last4: a.key.slice(-4),
        requests: 1,
        images: 2,
      },
    ]);
    expect(usage.recent.map((r) => [r.status, r.images, r.endpoint, r.key_id])).toEqual([
      [400, 0, '/api/v1/detect', a.keyId],
      [422, 0, '/api/v1/detect', a.keyId],
      [200, 2, '/api/v1/detect', a.keyId],
    ]);
    expect(usage.recent.every((r) => r.duration_ms >= 0)).toBe(true);
  });

  it('answers 429 QUOTA_EXCEEDED once the tier quota is used up, saying when it resets', async () => {
    const db = getDb();
    const a = await createTestAccount(db, { tier: 'testing' });
    const period = billingPeriod(new Date());
    await db
      .insertInto('usage_monthly')
      .values({
        user_id: a.userId,
        api_id: 'image-object-detection',
        period: period.key,
        requests: 199,
        images: 199,
      })
      .execute();
    const last = await post(detect, '/api/v1/detect', oneImage(), bearer(a.key));
    expect(last.status).toBe(200);
    expect(((await last.json()) as { usage: { quota_remaining: number } }).usage.quota_remaining).toBe(0);
    const over = await post(detect, '/api/v1/detect', oneImage(), bearer(a.key));
    expect(over.status).toBe(429);
    const error = await errorOf(over);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.message).toContain('quota');
    expect(error.message).toContain(period.end.toISOString().slice(0, 10));
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // Like RATE_LIMITED, the quota refusal names its policy: the tier's requests over the month,
    // none remaining, reset when the month ends.
    const monthSeconds = Math.ceil((period.end.getTime() - period.start.getTime()) / 1000);
    expect(over.headers.get('ratelimit-policy')).toBe(`"monthly";q=200;w=${monthSeconds}`);
    expect(over.headers.get('ratelimit')).toBe(`"monthly";r=0;t=${retryAfter}`);
    // The refusal is in the account's recent calls.
    const last2 = await db
      .selectFrom('usage_events')
      .select('status')
      .where('user_id', '=', a.userId)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(last2.map((r) => r.status)).toEqual([429, 200]);
    // A call refused on quota spends no rate-limit step: only the allowed call moved the bucket.
    const bucket = await db
      .withTables<RateLimitTables>()
      .selectFrom('rate_limits')
      .select('tat_ms')
      .where('bucket', '=', 'single')
      .where('key', '=', `key:${a.keyId}`)
      .executeTakeFirstOrThrow();
    expect(Number(bucket.tat_ms) - Date.now()).toBeLessThanOrEqual(600);
    // Categories analyse nothing and use no quota: still allowed.
    expect(
      (
        await post(
          categories,
          '/api/v1/categories',
          { definitions: [{ category: 'shed', objects: ['bicycle'] }] },
          bearer(a.key),
        )
      ).status,
    ).toBe(200);
  });

  it('never lets concurrent calls past the quota: the reservation is atomic', async () => {
    const db = getDb();
    const a = await createTestAccount(db, { tier: 'testing' });
    const period = billingPeriod(new Date());
    await db
      .insertInto('usage_monthly')
      .values({
        user_id: a.userId,
        api_id: 'image-object-detection',
        period: period.key,
        requests: 197,
        images: 197,
      })
      .execute();
    const handler = defineHandler(['POST'], (req, ctx) =>
      runApiCall(db, req, ctx, 'image-object-detection', async () => ({ data: {}, images: 1 })),
    );
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        handler(
          new Request('http://localhost/api/v1/detect', { method: 'POST', headers: bearer(a.key) }),
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const row = await db
      .selectFrom('usage_monthly')
      .select('requests')
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.requests).toBe(200);
  });

  it('resets the quota at the start of the next calendar month (UTC)', async () => {
    const db = getDb();
    const a = await createTestAccount(db, { tier: 'testing' });
    let clock = new Date(Date.UTC(2027, 0, 31, 23, 59, 59));
    await db
      .insertInto('usage_monthly')
      .values({
        user_id: a.userId,
        api_id: 'image-object-detection',
        period: '2027-01-01',
        requests: 200,
        images: 200,
      })
      .execute();
    const handler = defineHandler(['POST'], (req, ctx) =>
      runApiCall(
        db,
        req,
        ctx,
        'image-object-detection',
        async (call) => {
          return { data: { ok: true, tier: call.tier }, images: 1 };
        },
        { now: () => clock },
      ),
    );
    const run = () =>
      handler(new Request('http://localhost/api/v1/detect', { method: 'POST', headers: bearer(a.key) }));
    const january = await run();
    expect(january.status).toBe(429);
    expect((await errorOf(january)).message).toContain('2027-02-01');
    clock = new Date(Date.UTC(2027, 1, 1, 0, 0, 0));
    const february = await run();
    expect(february.status).toBe(200);
    expect(((await february.json()) as { usage: unknown }).usage).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: 199,
    });
  });
});

describe('categories per account', () => {
  it("changes the caller's categories only: another account and the keyless demo keep the defaults", async () => {
    const [a, b] = [await createTestAccount(getDb()), await createTestAccount(getDb())];
    const write = await post(
      categories,
      '/api/v1/categories',
      { definitions: [{ category: 'bathroom', objects: ['banana', 'dog'] }] },
      bearer(a.key),
    );
    expect(write.status).toBe(200);
    const written = (await write.json()) as { usage: unknown };
    expect(categoryDefinitionsResponseSchema.parse(written).categories[0]).toMatchObject({
      category: 'bathroom',
      created: false,
    });
    expect(written.usage).toEqual({ requests: 0, images: 0, quota_remaining: 5000 });

    const ask = { image_urls: [env.img('dog.jpg')], category: 'bathroom', error_checks: 0 };
    const mine = detectResponseSchema.parse(
      await (await post(detect, '/api/v1/detect', ask, bearer(a.key))).json(),
    );
    expect(Object.keys((mine.detection_results[0] as { objects: object }).objects)).toEqual([
      'banana',
      'dog',
      'none_observed',
    ]);
    const theirs = detectResponseSchema.parse(
      await (await post(detect, '/api/v1/detect', ask, bearer(b.key))).json(),
    );
    expect(Object.keys((theirs.detection_results[0] as { objects: object }).objects)).toContain('toilet');
    expect(Object.keys((theirs.detection_results[0] as { objects: object }).objects)).not.toContain('banana');
    const demo = detectResponseSchema.parse(await (await post(demoDetect, '/api/demo/detect', ask)).json());
    expect(Object.keys((demo.detection_results[0] as { objects: object }).objects)).not.toContain('banana');
  });
});

describe('round trips', () => {
  it("reads the month's requests for an unmetered call in the key lookup: one statement before the work, one to settle, one to log the request", async () => {
    const a = await createTestAccount(getDb(), { tier: 'testing' });
    expect((await post(detect, '/api/v1/detect', oneImage(), bearer(a.key))).status).toBe(200);
    let statements = 0;
    const counting = getDb().withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const req = new Request('http://localhost/api/v1/categories', { method: 'POST', headers: bearer(a.key) });
    const ctx = { requestId: 'r', clientIp: '203.0.113.9', headers: new Headers(), params: {} };
    const res = await runApiCall(
      counting,
      req,
      ctx,
      'image-object-detection',
      async () => ({ data: {}, images: 0 }),
      { metered: false },
    );
    expect(((await res.json()) as { usage: unknown }).usage).toEqual({
      requests: 0,
      images: 0,
      quota_remaining: 199,
    });
    const logged = await getDb()
      .selectFrom('request_log')
      .select('path')
      .where('user_id', '=', a.userId)
      .execute();
    expect(logged.map((r) => r.path)).toContain('/api/v1/categories');
    expect(statements).toBe(3);
  });

  it('counts the key, the subscription, the quota and the rate limit in one statement before the work, and settles after the response', async () => {
    const a = await createTestAccount(getDb(), { tier: 'testing' });
    let statements = 0;
    const counting = getDb().withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const pending: Promise<unknown>[] = [];
    const ctx = {
      requestId: 'r',
      clientIp: '203.0.113.9',
      headers: new Headers(),
      params: {},
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
    };
    const single = { name: 'single', limit: 100, windowMs: 60_000 };
    const before: number[] = [];
    const req = new Request('http://localhost/api/v1/detect', { method: 'POST', headers: bearer(a.key) });
    const res = await runApiCall(
      counting,
      req,
      ctx,
      'image-object-detection',
      async (call) => {
        before.push(statements);
        await call.rateLimit(single);
        before.push(statements);
        return { data: {}, images: 1 };
      },
      { rateLimit: single },
    );
    expect(before).toEqual([1, 1]);
    expect(ctx.headers.get('RateLimit')).toMatch(/^"single";r=99;t=\d+$/);
    expect(((await res.json()) as { usage: unknown }).usage).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: 199,
    });
    await Promise.all(pending);
    const bucket = await getDb()
      .withTables<RateLimitTables>()
      .selectFrom('rate_limits')
      .select('tat_ms')
      .where('bucket', '=', 'single')
      .where('key', '=', `key:${a.keyId}`)
      .executeTakeFirst();
    expect(bucket).toBeDefined();
  });
});

async function sessionCookie(userId: string): Promise<string> {
  const { token } = await createSession(getDb(), { kind: 'user', subject: userId, ttlMs: 60_000 });
  return `optiq_session=${token}`;
}

describe('the site session instead of a key', () => {
  it('accepts a same-origin call with the signed-in account cookie, metered with no key', async () => {
    const a = await createTestAccount(getDb(), { tier: 'standard' });
    const cookie = await sessionCookie(a.userId);
    const res = await post(detect, '/api/v1/detect', oneImage(), {
      Cookie: cookie,
      'Sec-Fetch-Site': 'same-origin',
      Origin: 'http://localhost',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { usage: unknown }).usage).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: 1999,
    });
    const event = await getDb()
      .selectFrom('usage_events')
      .select(['key_id', 'status'])
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ key_id: null, status: 200 });
  });

  it('refuses the cookie on a cross-site call, and an ended session', async () => {
    const a = await createTestAccount(getDb());
    const cookie = await sessionCookie(a.userId);
    expect(
      (
        await post(detect, '/api/v1/detect', oneImage(), {
          Cookie: cookie,
          'Sec-Fetch-Site': 'cross-site',
          Origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post(detect, '/api/v1/detect', oneImage(), {
          Cookie: 'optiq_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST /api/demo/detect', () => {
  it('answers without a key, limited to 10 calls a minute per client', async () => {
    const call = () =>
      demoDetect(
        new Request('http://localhost/api/demo/detect', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{',
        }),
        { ip: '192.0.2.99' },
      );
    for (let i = 0; i < 10; i++) expect((await call()).status).toBe(400);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('RateLimit-Policy')).toBe('"demo-detect";q=10;w=60');
  });
});
