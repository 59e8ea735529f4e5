/**
 * The batch item task on its own: a queue entry run twice (a retry after a lost acknowledgement)
 * stores and counts its image once, and a job whose last image was stored just before a crash is
 * completed by the retried entry without analysing the image again.
 */
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '../../../tests/support/test-account';
import { seed } from '../db';
import { createBatchJob } from './jobs';
import { createBatchTestDb, type BatchTestDb } from '../../../tests/support/batch-test-db';
import { processBatchItem } from './worker';

let t: BatchTestDb;
beforeAll(async () => {
  t = await createBatchTestDb();
  await seed(t.db);
}, 90_000);
afterAll(async () => t?.close());

const helpers = (attempts = 1) =>
  ({ job: { attempts, max_attempts: 5, locked_by: 'worker-test' } }) as unknown as Pick<JobHelpers, 'job'>;

describe('processBatchItem', () => {
  it('stores and counts an image once however often its entry runs, and completes a job left one step short', async () => {
    const account = await createTestAccount(t.db, { apiId: 'photo-authenticity', tier: 'standard' });
    const urls = [
      'http://site.test/images/samples/validation-iptc-ai.jpg',
      'http://site.test/images/samples/validation-camera-exif.jpg',
    ];
    const { job } = await createBatchJob(t.db, t.queue, {
      userId: account.userId,
      apiId: 'photo-authenticity',
      apiKeyId: account.keyId,
      imageUrls: urls,
      callbackUrl: null,
      idempotencyKey: null,
      siteOrigins: ['http://site.test'],
    });
    const opts = { db: t.db, queue: t.queue };
    await processBatchItem(opts, { job_id: job.id, idx: 0 }, helpers());
    await processBatchItem(opts, { job_id: job.id, idx: 0 }, helpers(2));
    const half = await t.db
      .selectFrom('batch_jobs')
      .select(['status', 'done'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(half).toEqual({ status: 'processing', done: 1 });

    await processBatchItem(opts, { job_id: job.id, idx: 1 }, helpers());
    const items = await t.db
      .selectFrom('batch_job_items')
      .select(['idx', 'finished_at'])
      .where('job_id', '=', job.id)
      .orderBy('idx')
      .execute();
    expect(items.map((i) => i.idx)).toEqual([0, 1]);
    expect(
      await t.db
        .selectFrom('batch_jobs')
        .select(['status', 'done'])
        .where('id', '=', job.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed', done: 2 });

    // As if the process died after storing the last image, before marking the job completed.
    await t.db
      .updateTable('batch_jobs')
      .set({ status: 'processing', finished_at: null })
      .where('id', '=', job.id)
      .execute();
    await processBatchItem(opts, { job_id: job.id, idx: 1 }, helpers(2));
    const after = await t.db
      .selectFrom('batch_jobs')
      .select(['status', 'done'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'completed', done: 2 });
    const again = await t.db
      .selectFrom('batch_job_items')
      .select(['idx', 'finished_at'])
      .where('job_id', '=', job.id)
      .orderBy('idx')
      .execute();
    expect(again).toEqual(items);
  }, 60_000);
});
