/**
 * POST /api/predict_batch and GET /api/predict_batch/{job_id} in process, with real analysis
 * by graphile-worker workers on the same database (PGlite here; PostgreSQL with `npm run test:pg`).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createFreeTestAccount, createTestAccount, type TestAccount } from '../support/test-account';
import { FREE_TIER } from '../../src/shared/free-tier';
import { callbackSecretForKey, SIGNATURE_HEADER, verifyCallback } from '../../src/server/batch/callback';
import { ITEM_MAX_ATTEMPTS } from '../../src/server/batch/jobs';
import { graphileOptions } from '../../src/server/batch/queue';
import { imageBudget, resetImageBudget } from '../../src/server/vision/engine/image-budget';
import type { Resolver } from '../../src/server/vision/safe-fetch';
import { billingPeriod } from '../../src/server/account/usage';
import { makeWorkerUtils } from 'graphile-worker';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import {
  getPredictBatchOperation,
  predictBatchOperation,
} from '../../src/shared/contracts/photo-authenticity';
import predictBatch from '../../functions/predict-batch';
import * as predictBatchStatusFunction from '../../functions/predict-batch-status';
import drainQueue from '../../functions/predict-batch-worker-background';
import { routed } from '../support/routed';
import { callbackReceiver, startTestWorker, useBatchSuite } from '../support/batch-helpers';

const predictBatchStatus = routed(predictBatchStatusFunction);

const suite = useBatchSuite();

const img = (name: string) => `${suite.images.origin}/images/${name}`;
/** The site's own sample photos, read from disk by the worker (the request's origin is the site). */
const sample = (name: string) => `http://localhost/images/samples/${name}`;
const subscriber = () => createTestAccount(suite.t.db, { apiId: 'photo-authenticity', tier: 'standard' });
const start = (body: unknown, headers: Record<string, string> = {}) =>
  predictBatch(
    new Request('http://localhost/api/predict_batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip: '198.51.100.60' },
  );
const read = (jobId: string, headers: Record<string, string>) =>
  predictBatchStatus(new Request(`http://localhost/api/predict_batch/${jobId}`, { headers }), {
    ip: '198.51.100.61',
  });
/** A DNS table for the worker's fetches: names the tests make up, with the addresses they stand for. */
const fakeDns =
  (table: Record<string, string>): Resolver =>
  async (host) => {
    const address = table[host];
    if (!address) throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
const startWorker = (concurrency = 1, resolver?: Resolver) =>
  startTestWorker(suite.t, suite.workers, concurrency, resolver);

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201);
  return predictBatchOperation.response.schema.parse(await res.json());
}

/** Polls the job until `until` holds, collecting every status seen. */
async function poll(
  jobId: string,
  account: TestAccount,
  until: (body: ReturnType<typeof getPredictBatchOperation.response.schema.parse>) => boolean,
  timeoutMs = 60_000,
  /** Statuses read before the poll (the `pending` read before a worker starts: it may take the job before the first poll). */
  seen: string[] = [],
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await read(jobId, bearer(account));
    expect(res.status).toBe(200);
    const body = getPredictBatchOperation.response.schema.parse(await res.json());
    if (seen.at(-1) !== body.job_status) seen.push(body.job_status);
    if (until(body)) return { body, seen };
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} still ${body.job_status} (${body.progress.done}/${body.progress.total})`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/**
 * The job's row once the worker has recorded a callback's delivery, which it writes after the
 * receiver has answered (the receiver may hold the body before the row says so).
 */
async function onceDeliveryRecorded<Row extends { callback_status: string | null }>(
  read: () => Promise<Row>,
): Promise<Row> {
  let row = await read();
  const until = Date.now() + 10_000;
  while (row.callback_status === 'pending' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    row = await read();
  }
  return row;
}

describe('batch job lifecycle', () => {
  it('queues a job (pending, no results), then a worker takes it through processing to completed with per-image errors inside', async () => {
    const account = await subscriber();
    const urls = [
      img('dog.jpg'),
      sample('validation-iptc-ai.jpg'),
      img('not-an-image.html'),
      'http://127.0.0.1:1/nothing.jpg',
      sample('validation-camera-exif.jpg'),
    ];
    const res = await start({ image_urls: urls }, bearer(account));
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"batch";q=20;w=60/);
    const job = await created(res);
    expect(job).toMatchObject({ job_status: 'pending', usage: { requests: 1, images: 5 } });

    // Job row and queue entries were written together: one entry per image.
    const queued = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(suite.t.queue.schema, 'jobs')} where key like ${job.job_id + ':%'}`.execute(
      suite.t.db,
    );
    expect(queued.rows[0]?.n).toBe(5);

    const before = await read(job.job_id, bearer(account));
    expect(before.headers.get('ratelimit-policy')).toMatch(/^"results";q=200;w=60/);
    const pending = getPredictBatchOperation.response.schema.parse(await before.json());
    expect(pending).toMatchObject({
      job_status: 'pending',
      progress: { done: 0, total: 5 },
      usage: { requests: 0, images: 0 },
    });
    expect(pending.results).toBeUndefined();

    await startWorker();
    const { body, seen } = await poll(job.job_id, account, (b) => b.job_status === 'completed', 60_000, [
      pending.job_status,
    ]);
    expect(seen).toEqual(['pending', 'processing', 'completed']);
    expect(body.progress).toEqual({ done: 5, total: 5 });
    expect(body.finished_at).toBeDefined();
    expect(body.results?.map((r) => r.image_url)).toEqual(urls);
    const [dog, ai, html, loopback, camera] = body.results!;
    expect(dog).toMatchObject({ is_real: true, fail_tags: [], verdict: 'inconclusive' });
    expect(ai).toMatchObject({ is_real: false, fail_tags: ['ai_generated'], verdict: 'ai_generated' });
    expect(html?.error?.code).toMatch(/INVALID_IMAGE|IMAGE_FETCH_FAILED/);
    expect(loopback?.error?.code).toMatch(/IMAGE_FETCH_FAILED|IMAGE_URL_NOT_ALLOWED/);
    expect(camera).toMatchObject({ is_real: true, verdict: 'declared_camera' });
    expect(camera?.pixel_signal).toMatchObject({ model: 'optiq-pixel-signal' });
  }, 90_000);

  it('refuses an empty or oversized batch, and answers 401 without a key', async () => {
    const account = await subscriber();
    expect((await start({ image_urls: [] }, bearer(account))).status).toBe(400);
    expect(
      (
        await start(
          { image_urls: Array.from({ length: 51 }, (_, i) => img(`dog.jpg?${i}`)) },
          bearer(account),
        )
      ).status,
    ).toBe(400);
    expect((await start({ image_urls: [img('dog.jpg')] })).status).toBe(401);
    expect(
      (
        await start(
          { image_urls: [img('dog.jpg')] },
          { ...bearer(account), 'Idempotency-Key': 'bad key\u0001' },
        )
      ).status,
    ).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('returns the same job for the same key and body, 422 for another body, and a new job without a key', async () => {
    const account = await subscriber();
    const body = { image_urls: [img('dog.jpg'), img('coffee.jpg')] };
    const headers = { ...bearer(account), 'Idempotency-Key': 'order-88213' };
    const first = await created(await start(body, headers));
    const again = await created(await start(body, headers));
    expect(again.job_id).toBe(first.job_id);
    expect(again.usage).toMatchObject({ requests: 0, images: 0 });
    const other = await start({ image_urls: [img('dog.jpg')] }, headers);
    expect(other.status).toBe(422);
    expect(errorBodySchema.parse(await other.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another account's key space is its own.
    const stranger = await subscriber();
    const theirs = await created(
      await start(body, { ...bearer(stranger), 'Idempotency-Key': 'order-88213' }),
    );
    expect(theirs.job_id).not.toBe(first.job_id);
    const unkeyed = await created(await start(body, bearer(account)));
    expect(unkeyed.job_id).not.toBe(first.job_id);
    const rows = await suite.t.db
      .selectFrom('batch_jobs')
      .select('id')
      .where('user_id', '=', account.userId)
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('ownership', () => {
  it('lets only the creating account read a job (404 for another, for a malformed id, and 401 without a key)', async () => {
    const owner = await subscriber();
    const job = await created(await start({ image_urls: [img('dog.jpg')] }, bearer(owner)));
    expect((await read(job.job_id, bearer(owner))).status).toBe(200);
    const other = await subscriber();
    const res = await read(job.job_id, bearer(other));
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
    expect((await read('not-a-uuid', bearer(owner))).status).toBe(404);
    expect((await read(job.job_id, {})).status).toBe(401);
  });
});

describe('callback_url', () => {
  it('POSTs the final job body, signed with HMAC-SHA256 keyed by the API key, retrying a failed delivery', async () => {
    const account = await subscriber();
    const hook = await callbackReceiver([503]);
    try {
      const job = await created(
        await start(
          { image_urls: [img('dog.jpg'), sample('validation-iptc-ai.jpg')], callback_url: hook.url },
          bearer(account),
        ),
      );
      await startWorker();
      const { body } = await poll(job.job_id, account, (b) => b.job_status === 'completed');
      const deadline = Date.now() + 20_000;
      while (hook.got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(hook.got).toHaveLength(2);
      const delivered = hook.got[1]!;
      const signature = String(delivered.headers[SIGNATURE_HEADER.toLowerCase()]);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyCallback(delivered.body, signature, callbackSecretForKey(account.key))).toBe(true);
      expect(
        verifyCallback(
          delivered.body.replace('completed', 'failed'),
          signature,
          callbackSecretForKey(account.key),
        ),
      ).toBe(false);
      expect(verifyCallback(delivered.body, signature, callbackSecretForKey('optiq_live_someone-else'))).toBe(
        false,
      );
      const { usage: _usage, ...final } = body;
      expect(JSON.parse(delivered.body)).toEqual(final);
      const row = await onceDeliveryRecorded(() =>
        suite.t.db
          .selectFrom('batch_jobs')
          .select(['callback_status', 'callback_attempts'])
          .where('id', '=', job.job_id)
          .executeTakeFirstOrThrow(),
      );
      expect(row).toEqual({ callback_status: 'delivered', callback_attempts: 2 });
    } finally {
      await hook.close();
    }
  }, 90_000);

  it('applies the SSRF rules to the callback URL: a host name resolving to a private address is never called', async () => {
    const account = await subscriber();
    const job = await created(
      await start(
        { image_urls: [img('dog.jpg')], callback_url: 'http://hooks.corp.test/latest/meta-data' },
        bearer(account),
      ),
    );
    await startWorker(1, fakeDns({ 'hooks.corp.test': '169.254.169.254' }));
    await poll(job.job_id, account, (b) => b.job_status === 'completed');
    const deadline = Date.now() + 10_000;
    let status: string | null = null;
    while (Date.now() < deadline) {
      status = (
        await suite.t.db
          .selectFrom('batch_jobs')
          .select('callback_status')
          .where('id', '=', job.job_id)
          .executeTakeFirstOrThrow()
      ).callback_status;
      if (status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('failed');
  }, 60_000);
});

describe('the failed state', () => {
  it('a job whose image fails on our side through every retry ends failed, with its error, and the callback fires with it', async () => {
    // The server stays overloaded through every attempt: the image budget is held whole, so
    // each analysis waits 50 ms and gets 503 SERVICE_UNAVAILABLE (an error on our side, retried
    // by the queue, not a per-image error).
    vi.stubEnv('VISION_IMAGE_BUDGET_WAIT_MS', '50');
    resetImageBudget();
    const hold = await imageBudget().acquire(imageBudget().limit);
    const account = await subscriber();
    const hook = await callbackReceiver();
    const utils = await makeWorkerUtils(graphileOptions(suite.t.queue));
    try {
      const job = await created(
        await start(
          { image_urls: [sample('validation-camera-exif.jpg')], callback_url: hook.url },
          bearer(account),
        ),
      );
      const before = getPredictBatchOperation.response.schema.parse(
        await (await read(job.job_id, bearer(account))).json(),
      );
      expect(before.job_status).toBe('pending');
      await startWorker();
      // graphile-worker backs a failed entry off exponentially (e^attempts seconds); bring each
      // retry forward to now so the test need not wait minutes, and count the attempts.
      const entries = sql<{
        id: string;
        attempts: number;
      }>`select id::text, attempts from ${sql.id(suite.t.queue.schema, 'jobs')} where key like ${job.job_id + ':%'} and locked_at is null and run_at > now()`;
      let attempts = 0;
      const { body, seen } = await poll(
        job.job_id,
        account,
        (b) => {
          void entries.execute(suite.t.db).then(async ({ rows }) => {
            for (const r of rows) attempts = Math.max(attempts, r.attempts);
            if (rows.length > 0)
              await utils.rescheduleJobs(
                rows.map((r) => r.id),
                { runAt: new Date() },
              );
          });
          return b.job_status === 'failed' || b.job_status === 'completed';
        },
        60_000,
        [before.job_status],
      );
      expect(seen).toEqual(['pending', 'processing', 'failed']);
      expect(attempts).toBe(ITEM_MAX_ATTEMPTS - 1); // the entries seen waiting between attempts
      expect(body).toMatchObject({
        job_status: 'failed',
        progress: { done: 0, total: 1 },
        error: `An image could not be processed after ${ITEM_MAX_ATTEMPTS} attempts.`,
      });
      expect(body.finished_at).toBeDefined();
      expect(body.results).toBeUndefined();
      // Nothing is left in the queue for the job's image.
      const left = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.id(suite.t.queue.schema, 'jobs')} where key like ${job.job_id + ':%'}`.execute(
        suite.t.db,
      );
      expect(left.rows[0]?.n).toBe(0);

      const deadline = Date.now() + 20_000;
      while (hook.got.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(hook.got).toHaveLength(1);
      const delivered = hook.got[0]!;
      expect(
        verifyCallback(
          delivered.body,
          String(delivered.headers[SIGNATURE_HEADER.toLowerCase()]),
          callbackSecretForKey(account.key),
        ),
      ).toBe(true);
      const { usage: _usage, ...final } = body;
      expect(JSON.parse(delivered.body)).toEqual(final);
      const row = await onceDeliveryRecorded(() =>
        suite.t.db
          .selectFrom('batch_jobs')
          .select(['status', 'callback_status'])
          .where('id', '=', job.job_id)
          .executeTakeFirstOrThrow(),
      );
      expect(row).toEqual({ status: 'failed', callback_status: 'delivered' });
    } finally {
      hold.release();
      await utils.release();
      await hook.close();
      vi.stubEnv('VISION_IMAGE_BUDGET_WAIT_MS', '10000');
      resetImageBudget();
    }
  }, 90_000);
});

describe('several workers on one database', () => {
  it('share a job: every image analysed once, by more than one worker', async () => {
    const account = await subscriber();
    const names = [
      'validation-camera-exif.jpg',
      'validation-edited.jpg',
      'validation-generator-parameters.png',
      'validation-iptc-ai.jpg',
      'validation-sd-watermark.jpg',
      'validation-screen-recapture.jpg',
    ];
    const urls = [...names, ...names].map((n, i) => `${sample(n)}?copy=${i}`);
    const job = await created(await start({ image_urls: urls }, bearer(account)));
    await Promise.all([startWorker(), startWorker(), startWorker()]);
    const { body } = await poll(job.job_id, account, (b) => b.job_status === 'completed', 90_000);
    expect(body.results?.map((r) => r.image_url)).toEqual(urls);
    expect(body.results?.every((r) => r.error === undefined)).toBe(true);
    const items = await suite.t.db
      .selectFrom('batch_job_items')
      .select(['idx', 'worker_id'])
      .where('job_id', '=', job.job_id)
      .execute();
    expect(items.map((i) => i.idx).sort((a, b) => a - b)).toEqual(urls.map((_, i) => i));
    expect(new Set(items.map((i) => i.worker_id)).size).toBeGreaterThan(1);
  }, 120_000);
});

describe('the Netlify background function', () => {
  it('drains the queue (graphile-worker runOnce) and answers 202', async () => {
    const account = await subscriber();
    const job = await created(
      await start({ image_urls: [sample('validation-iptc-ai.jpg')] }, bearer(account)),
    );
    const res = await drainQueue();
    expect(res.status).toBe(202);
    const body = getPredictBatchOperation.response.schema.parse(
      await (await read(job.job_id, bearer(account))).json(),
    );
    expect(body).toMatchObject({ job_status: 'completed', progress: { done: 1, total: 1 } });
    expect(body.results?.[0]).toMatchObject({ verdict: 'ai_generated' });
  }, 90_000);
});

describe('URL rules at submission', () => {
  /** Images and requests counted this month for the account (the usage the dashboard shows). */
  const usageOf = async (account: TestAccount) => {
    const row = await suite.t.db
      .selectFrom('usage_monthly')
      .select(['requests', 'images'])
      .where('user_id', '=', account.userId)
      .where('period', '=', billingPeriod(new Date()).key)
      .executeTakeFirst();
    const key = await suite.t.db
      .selectFrom('usage_monthly_keys')
      .select(['images'])
      .where('key_id', '=', account.keyId)
      .executeTakeFirst();
    return {
      requests: Number(row?.requests ?? 0),
      images: Number(row?.images ?? 0),
      keyImages: Number(key?.images ?? 0),
    };
  };
  const jobsOf = async (account: TestAccount) =>
    (await suite.t.db.selectFrom('batch_jobs').select('id').where('user_id', '=', account.userId).execute())
      .length;

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_GET',
    'ftp://example.com/a.jpg',
    'data:image/png;base64,AAAA',
  ])('refuses an image URL with another scheme (%s): 400 naming it, no job, nothing billed', async (url) => {
    const account = await subscriber();
    const res = await start({ image_urls: [sample('validation-camera-exif.jpg'), url] }, bearer(account));
    expect(res.status).toBe(400);
    const error = errorBodySchema.parse(await res.json()).error;
    expect(error.code).toBe('INVALID_REQUEST');
    expect(Object.keys((error.details as { fields: Record<string, unknown> }).fields)).toEqual([
      'image_urls.1',
    ]);
    expect(await jobsOf(account)).toBe(0);
    expect(await usageOf(account)).toEqual({ requests: 0, images: 0, keyImages: 0 });
  });

  describe('without the local-test opt-in for loopback', () => {
    beforeAll(() => {
      vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '0');
    });
    afterAll(() => {
      vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
    });

    it.each([
      ['http://127.0.0.1/a.jpg', 'loopback'],
      ['http://10.0.0.1/a.jpg', 'private'],
      ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      ['http://[::ffff:192.168.1.1]/a.jpg', 'private'],
      ['http://localhost/a.jpg', 'local machine'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
      ['http://93.184.215.14:22/a.jpg', 'port 22'],
      ['http://user:pw@example.com/a.jpg', 'credentials'],
    ])(
      'refuses %s as /api/predict would (422 IMAGE_URL_NOT_ALLOWED naming the field), no job, nothing billed',
      async (url, reason) => {
        const account = await subscriber();
        const res = await start({ image_urls: [sample('validation-camera-exif.jpg'), url] }, bearer(account));
        expect(res.status).toBe(422);
        const error = errorBodySchema.parse(await res.json()).error;
        expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
        expect(error.message).toContain(reason);
        const fields = (error.details as { fields: Record<string, string[]> }).fields;
        expect(Object.keys(fields)).toEqual(['image_urls.1']);
        expect(await jobsOf(account)).toBe(0);
        expect(await usageOf(account)).toEqual({ requests: 0, images: 0, keyImages: 0 });
      },
    );

    it.each([
      ['javascript:alert(1)', 400],
      ['file:///tmp/hook', 400],
      ['http://10.0.0.1/hook', 422],
      ['http://localhost/hook', 422],
    ])('refuses callback_url %s (%i), no job', async (url, status) => {
      const account = await subscriber();
      const res = await start(
        { image_urls: [sample('validation-camera-exif.jpg')], callback_url: url },
        bearer(account),
      );
      expect(res.status).toBe(status);
      const error = errorBodySchema.parse(await res.json()).error;
      expect(Object.keys((error.details as { fields: Record<string, unknown> }).fields)).toEqual([
        'callback_url',
      ]);
      expect(await jobsOf(account)).toBe(0);
    });

    it("still reads the site's own sample photos by their URL on this origin", async () => {
      const account = await subscriber();
      await created(await start({ image_urls: [sample('validation-camera-exif.jpg')] }, bearer(account)));
    });
  });

  it('an image whose host name resolves to a private address gets IMAGE_URL_NOT_ALLOWED and is not billed', async () => {
    const account = await subscriber();
    const urls = [sample('validation-camera-exif.jpg'), 'http://intranet.corp.test/a.jpg'];
    const job = await created(await start({ image_urls: urls }, bearer(account)));
    expect(job.usage).toMatchObject({ requests: 1, images: 2 });
    await startWorker(1, fakeDns({ 'intranet.corp.test': '10.1.2.3' }));
    const { body } = await poll(job.job_id, account, (b) => b.job_status === 'completed');
    const refused = body.results![1]!;
    expect(refused.error?.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(refused.error?.message).not.toContain('10.1.2.3');
    // The refused image was given back: the month and the key count the analysed one only.
    expect(await usageOf(account)).toEqual({ requests: 1, images: 1, keyImages: 1 });
  }, 60_000);

  it('bills a Free tier job per image at submission, refuses one larger than what is left, and gives a refused image back to the allowance', async () => {
    // No subscription (the id is never used): the calls run on the Free tier.
    const account: TestAccount = { ...(await createFreeTestAccount(suite.t.db)), subscriptionId: '' };
    const period = billingPeriod(new Date()).key;
    const freeImages = async () =>
      Number(
        (
          await suite.t.db
            .selectFrom('free_usage_monthly')
            .select('images')
            .where('user_id', '=', account.userId)
            .where('period', '=', period)
            .executeTakeFirst()
        )?.images ?? 0,
      );
    await suite.t.db
      .insertInto('free_usage_monthly')
      .values({ user_id: account.userId, period, images: FREE_TIER.imagesPerMonth - 3 })
      .execute();
    const four = Array.from({ length: 4 }, () => sample('validation-camera-exif.jpg'));
    const refused = await start({ image_urls: four }, bearer(account));
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { tier: 'free', images_remaining: 3 },
    });
    expect(await jobsOf(account)).toBe(0);
    expect(await freeImages()).toBe(FREE_TIER.imagesPerMonth - 3);

    const urls = [sample('validation-camera-exif.jpg'), 'http://intranet.corp.test/a.jpg'];
    const job = await created(await start({ image_urls: urls }, bearer(account)));
    expect(job.usage).toEqual({ requests: 1, images: 2, quota_remaining: 1 });
    expect(await freeImages()).toBe(FREE_TIER.imagesPerMonth - 1);
    await startWorker(1, fakeDns({ 'intranet.corp.test': '10.1.2.3' }));
    await poll(job.job_id, account, (b) => b.job_status === 'completed');
    expect(await freeImages()).toBe(FREE_TIER.imagesPerMonth - 2);
    expect(await usageOf(account)).toEqual({ requests: 1, images: 1, keyImages: 1 });
  }, 60_000);
});
