/**
 * The Free tier: an account calls every active API with a key (or its site session) and no
 * subscription, up to FREE_TIER.imagesPerMonth analysed images a month across all APIs, metered
 * like any tier; past it 429 QUOTA_EXCEEDED says how to subscribe. A paid subscription to an API
 * takes over for that API; coming-soon APIs stay refused.
 */
import { describe, expect, it } from 'vitest';
import { runApiCall } from '../../src/server/account/api-call';
import { cancelSubscription } from '../../src/server/account/subscriptions';
import { billingPeriod } from '../../src/server/account/usage';
import { createSession } from '../../src/server/auth/session-store';
import { getDb } from '../../src/server/db';
import { errorBodySchema } from '../../src/server/http/errors';
import { defineHandler } from '../../src/server/http/handler';
import { FREE_TIER } from '../../src/shared/free-tier';
import { usageSchema } from '../../src/shared/schemas/account';
import { apiUsageSchema } from '../../src/shared/schemas/api-usage';
import { detectResponseSchema } from '../../src/shared/schemas/detect';
import accountUsage from '../../functions/account-usage';
import detect from '../../functions/detect';
import { bearer, createFreeTestAccount, createTestAccount } from '../support/test-account';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv();

let ip = 0;
const callDetect = (body: unknown, headers: Record<string, string>) =>
  detect(
    new Request('http://localhost/api/v1/detect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip: `198.51.100.${(++ip % 250) + 1}` },
  );
const oneImage = () => ({ image_urls: [env.img('dog.jpg')], error_checks: 0 });
const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;
const usageOf = async (res: Response) =>
  apiUsageSchema.parse(((await res.json()) as { usage: unknown }).usage);
const period = () => billingPeriod(new Date());

/** The Free tier's images counted this month for the account. */
async function freeImages(userId: string): Promise<number> {
  const row = await getDb()
    .selectFrom('free_usage_monthly')
    .select('images')
    .where('user_id', '=', userId)
    .where('period', '=', period().key)
    .executeTakeFirst();
  return Number(row?.images ?? 0);
}

/** Sets the account's Free tier count for this month (as earlier calls would have). */
async function useFreeImages(userId: string, images: number): Promise<void> {
  await getDb()
    .insertInto('free_usage_monthly')
    .values({ user_id: userId, period: period().key, images })
    .onConflict((oc) => oc.columns(['user_id', 'period']).doUpdateSet({ images }))
    .execute();
}

/** A keyed handler of another API that analyses one image: the allowance is shared across APIs. */
const otherApi = (apiId: string) =>
  defineHandler(['POST'], (req, ctx) =>
    runApiCall(getDb(), req, ctx, apiId, async (call) => ({ data: { tier: call.tier }, images: 1 })),
  );
const callOther = (apiId: string, key: string) =>
  otherApi(apiId)(new Request('http://localhost/api/v1/other', { method: 'POST', headers: bearer({ key }) }));

describe('the Free tier', () => {
  it('lets a new account call an active API with a key and no subscription, metered like any tier', async () => {
    const a = await createFreeTestAccount(getDb());
    const res = await callDetect(oneImage(), bearer(a));
    expect(res.status).toBe(200);
    const body = (await res.clone().json()) as unknown;
    detectResponseSchema.parse(body);
    expect(await usageOf(res)).toEqual({
      requests: 1,
      images: 1,
      quota_remaining: FREE_TIER.imagesPerMonth - 1,
    });
    expect(await freeImages(a.userId)).toBe(1);
    const cookie = `optiq_session=${(await createSession(getDb(), { kind: 'user', subject: a.userId, ttlMs: 60_000 })).token}`;
    const usage = usageSchema.parse(
      await (
        await accountUsage(new Request('http://localhost/api/account/usage', { headers: { Cookie: cookie } }))
      ).json(),
    );
    expect(usage.free_tier).toEqual({
      images_included: FREE_TIER.imagesPerMonth,
      images_used: 1,
      images_remaining: FREE_TIER.imagesPerMonth - 1,
    });
    expect(usage.apis).toEqual([
      {
        api_id: 'image-object-detection',
        api_name: expect.any(String),
        tier: 'free',
        requests: 1,
        images: 1,
        quota: null,
        remaining: null,
      },
    ]);
    expect(usage.keys).toMatchObject([{ key_id: a.keyId, requests: 1, images: 1 }]);
    expect(usage.recent.map((r) => [r.status, r.images, r.key_id])).toEqual([[200, 1, a.keyId]]);

    // The site session (the API pages' tester, the docs' Try it) runs on the same allowance.
    const session = await callDetect(oneImage(), {
      Cookie: cookie,
      'Sec-Fetch-Site': 'same-origin',
      Origin: 'http://localhost',
    });
    expect(session.status).toBe(200);
    expect((await usageOf(session)).quota_remaining).toBe(FREE_TIER.imagesPerMonth - 2);
    expect(await freeImages(a.userId)).toBe(2);
  });

  it('refuses the image past the allowance with 429 QUOTA_EXCEEDED saying how to subscribe, across all APIs', async () => {
    const a = await createFreeTestAccount(getDb());
    await useFreeImages(a.userId, FREE_TIER.imagesPerMonth - 1);
    const last = await callDetect(oneImage(), bearer(a));
    expect(last.status).toBe(200);
    expect((await usageOf(last)).quota_remaining).toBe(0);
    expect(await freeImages(a.userId)).toBe(FREE_TIER.imagesPerMonth);

    const over = await callDetect(oneImage(), bearer(a));
    expect(over.status).toBe(429);
    const error = await errorOf(over);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    const resets = period().end.toISOString().replace('.000Z', 'Z');
    expect(error.message).toBe(
      `The Free tier (100 images a month across all APIs) is used up; it resets on ${resets}. For more, subscribe to image-object-detection: choose a plan on its page (/api/image-object-detection) while signed in, or in your dashboard (/dashboard).`,
    );
    expect(error.details).toMatchObject({ tier: 'free', quota: 100, images_remaining: 0, resets_at: resets });
    // The same headers as a tier's quota: the allowance over the month, none left, back when it ends.
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    const monthSeconds = Math.ceil((period().end.getTime() - period().start.getTime()) / 1000);
    expect(over.headers.get('ratelimit-policy')).toBe(`"monthly";q=100;w=${monthSeconds}`);
    expect(over.headers.get('ratelimit')).toBe(`"monthly";r=0;t=${retryAfter}`);
    // Nothing more was counted, and the refusal is in the account's recent calls.
    expect(await freeImages(a.userId)).toBe(FREE_TIER.imagesPerMonth);
    const events = await getDb()
      .selectFrom('usage_events')
      .select('status')
      .where('user_id', '=', a.userId)
      .orderBy('id', 'desc')
      .execute();
    expect(events.map((e) => e.status)).toEqual([429, 200]);

    // The allowance is one for all APIs: another API is refused too.
    const other = await callOther('watermark-detection', a.key);
    expect(other.status).toBe(429);
    expect((await errorOf(other)).message).toContain('subscribe to watermark-detection');
  });

  it('refuses a call of several images up front when fewer are left, analysing and counting nothing', async () => {
    const a = await createFreeTestAccount(getDb());
    await useFreeImages(a.userId, FREE_TIER.imagesPerMonth - 2);
    const three = { image_urls: [env.img('dog.jpg'), env.img('horses.jpg'), env.img('dog.jpg')] };
    const res = await callDetect(three, bearer(a));
    expect(res.status).toBe(429);
    const error = await errorOf(res);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.message).toContain(
      'has 2 of its 100 images left this month, fewer than the 3 this call sends',
    );
    expect(res.headers.get('ratelimit')).toMatch(/^"monthly";r=2;t=\d+$/);
    expect(await freeImages(a.userId)).toBe(FREE_TIER.imagesPerMonth - 2);
    const month = await getDb()
      .selectFrom('usage_monthly')
      .select(['requests', 'images'])
      .where('user_id', '=', a.userId)
      .executeTakeFirst();
    expect([Number(month?.requests ?? 0), Number(month?.images ?? 0)]).toEqual([0, 0]);

    // Two fit; an image that cannot be fetched is given back to the allowance.
    const two = await callDetect(
      { image_urls: [env.img('dog.jpg'), env.img('missing.jpg')], error_checks: 0 },
      bearer(a),
    );
    expect(two.status).toBe(200);
    expect(await usageOf(two)).toEqual({ requests: 1, images: 1, quota_remaining: 1 });
    expect(await freeImages(a.userId)).toBe(FREE_TIER.imagesPerMonth - 1);
  });

  it('leaves a subscribed account to its tier for that API, and the Free tier for the others', async () => {
    const a = await createTestAccount(getDb(), { tier: 'testing' });
    await useFreeImages(a.userId, FREE_TIER.imagesPerMonth);
    const res = await callDetect(oneImage(), bearer(a));
    expect(res.status).toBe(200);
    expect(await usageOf(res)).toEqual({ requests: 1, images: 1, quota_remaining: 199 });
    expect(await freeImages(a.userId)).toBe(FREE_TIER.imagesPerMonth);
    // Another API, not subscribed: on the (used-up) Free tier.
    expect((await callOther('image-classification', a.key)).status).toBe(429);
    // Cancelled: back on the Free tier for object detection too.
    await cancelSubscription(getDb(), a.userId, a.subscriptionId);
    const after = await callDetect(oneImage(), bearer(a));
    expect(after.status).toBe(429);
    expect((await errorOf(after)).details).toMatchObject({ tier: 'free' });
  });

  it('still refuses a coming-soon API with 403 FORBIDDEN, counting nothing', async () => {
    const a = await createFreeTestAccount(getDb());
    // Every API of the catalogue is active: one is switched to coming soon for this test.
    const db = getDb();
    const setFaces = (status: string) =>
      db.updateTable('apis').set({ status }).where('id', '=', 'facial-attribute-analysis').execute();
    await setFaces('coming_soon');
    try {
      const soon = await callOther('facial-attribute-analysis', a.key);
      expect(soon.status).toBe(403);
      const error = await errorOf(soon);
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toMatch(/coming soon/);
    } finally {
      await setFaces('active');
    }
    // An active API switched to coming soon is refused the same way, with a key and a session.
    await db
      .updateTable('apis')
      .set({ status: 'coming-soon' })
      .where('id', '=', 'image-object-detection')
      .execute();
    try {
      expect((await callDetect(oneImage(), bearer(a))).status).toBe(403);
      const { token } = await createSession(db, { kind: 'user', subject: a.userId, ttlMs: 60_000 });
      const session = await callDetect(oneImage(), {
        Cookie: `optiq_session=${token}`,
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'http://localhost',
      });
      expect(session.status).toBe(403);
    } finally {
      await db
        .updateTable('apis')
        .set({ status: 'active' })
        .where('id', '=', 'image-object-detection')
        .execute();
    }
    expect(await freeImages(a.userId)).toBe(0);
  });
});
