/**
 * Batch jobs: creating one (the job row and its queue entries in one transaction), reading it
 * back for its owner, and the documented job body (GET /api/predict_batch/{job_id} and the
 * callback send the same).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { batchJobSchema } from '../../shared/schemas/photo-authenticity/batch';
import type { BatchJobsTable, Database } from '../db';
import { HttpError } from '../http/errors';
import { installQueue, type QueueConfig } from './queue';

export type BatchJobRow = Selectable<BatchJobsTable>;

/** Attempts a queue entry gets before the job is given up as failed (graphile-worker backs off exponentially). */
export const ITEM_MAX_ATTEMPTS = 5;

/** The documented job body: the contract's schema (GET /api/predict_batch/{job_id}). */
export type BatchJobBody = z.infer<typeof batchJobSchema>;

type BatchItem = NonNullable<BatchJobBody['results']>[number];
/** The fields `K` of the contract's item, present. */
type With<K extends keyof BatchItem> = { [P in K]-?: NonNullable<BatchItem[P]> };
/** One image's result, as the contract's item: its summary, or what went wrong with it. */
export type BatchItemResult =
  With<'image_url' | 'is_real' | 'fail_tags' | 'verdict' | 'pixel_signal'> | With<'image_url' | 'error'>;

export interface CreateBatchJobInput {
  userId: string;
  apiId: string;
  apiKeyId: string | null;
  imageUrls: string[];
  callbackUrl: string | null;
  idempotencyKey: string | null;
  /** Origins whose sample-image URLs the worker reads from disk. */
  siteOrigins: string[];
  /** Billed to the Free tier's allowance: an image given back returns there. */
  freeAllowance?: boolean;
  /** Runs before a new job is written (not for a replayed key): the caller's claim on its images. */
  beforeCreate?: () => Promise<void>;
  /** What each image gets (default: the authenticity summary). */
  kind?: 'authenticity' | 'inspection';
  /** The request's other options, kept with the job and part of its Idempotency-Key identity. */
  options?: Record<string, unknown>;
  /** Uploaded images by index (their `imageUrls` entry names them), kept until the job ends. */
  uploads?: ReadonlyMap<number, Uint8Array>;
}

/** SHA-256 of what defines the request, so a retry under one Idempotency-Key can be told from a different request. */
export function requestHash(
  imageUrls: readonly string[],
  callbackUrl: string | null,
  extra?: { options: Record<string, unknown>; uploads: ReadonlyMap<number, Uint8Array> | undefined },
): string {
  const hash = createHash('sha256').update(
    JSON.stringify({ image_urls: imageUrls, callback_url: callbackUrl }),
  );
  if (extra) {
    hash.update(JSON.stringify(extra.options));
    for (const [idx, bytes] of extra.uploads ?? []) hash.update(`${idx}:`).update(bytes);
  }
  return hash.digest('hex');
}

function idempotencyConflict(): HttpError {
  return new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used with a different request body. Use a new key for a new batch.',
  );
}

async function findByKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<BatchJobRow | undefined> {
  return db
    .selectFrom('batch_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

const isPgError = (error: unknown, code: string): boolean =>
  (error as { code?: unknown } | null)?.code === code;

/**
 * Creates a job, or returns the one an earlier request with the same Idempotency-Key created
 * (`created: false`); the same key with a different body is a 422. The job row and one queue
 * entry per image are written in one transaction.
 */
export async function createBatchJob(
  db: Kysely<Database>,
  queue: QueueConfig,
  input: CreateBatchJobInput,
): Promise<{ job: BatchJobRow; created: boolean }> {
  const hash = requestHash(
    input.imageUrls,
    input.callbackUrl,
    input.kind === 'inspection' ? { options: input.options ?? {}, uploads: input.uploads } : undefined,
  );
  const reuse = (job: BatchJobRow) => {
    if (job.request_hash !== hash) throw idempotencyConflict();
    return { job, created: false };
  };
  if (input.idempotencyKey) {
    const existing = await findByKey(db, input.userId, input.idempotencyKey);
    if (existing) return reuse(existing);
  }
  await input.beforeCreate?.();
  const insert = () =>
    db.transaction().execute(async (trx) => {
      const job = await trx
        .insertInto('batch_jobs')
        .values({
          user_id: input.userId,
          api_id: input.apiId,
          api_key_id: input.apiKeyId,
          idempotency_key: input.idempotencyKey,
          request_hash: hash,
          image_urls: JSON.stringify(input.imageUrls),
          callback_url: input.callbackUrl,
          site_origins: JSON.stringify(input.siteOrigins),
          free_allowance: input.freeAllowance ?? false,
          kind: input.kind ?? 'authenticity',
          options: JSON.stringify(input.options ?? {}),
          total: input.imageUrls.length,
          error: null,
          callback_status: null,
          started_at: null,
          finished_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      for (const [idx, bytes] of input.uploads ?? [])
        await trx.insertInto('batch_job_uploads').values({ job_id: job.id, idx, bytes }).execute();
      // One queue entry per image, so several workers share a job; the job key makes a
      // second enqueue of the same image replace the first rather than add one.
      await sql`select ${sql.id(queue.schema, 'add_job')}(
          'batch_item',
          json_build_object('job_id', ${job.id}::text, 'idx', i),
          max_attempts => ${ITEM_MAX_ATTEMPTS}::int,
          job_key => ${job.id}::text || ':' || i)
        from generate_series(0, ${job.total - 1}::int) as i`.execute(trx);
      return job;
    });
  try {
    try {
      return { job: await insert(), created: true };
    } catch (error) {
      // The queue's schema is installed by the first worker; a site that takes a batch before
      // any worker ran installs it here, once, and tries again.
      if (!isPgError(error, '3F000') && !isPgError(error, '42883')) throw error;
      await installQueue(queue);
      return { job: await insert(), created: true };
    }
  } catch (error) {
    // Two requests with one new key at once: the second finds the first's job.
    if (input.idempotencyKey && isPgError(error, '23505')) {
      const existing = await findByKey(db, input.userId, input.idempotencyKey);
      if (existing) return reuse(existing);
    }
    throw error;
  }
}

/** The job `jobId` of the account `userId`; another account's job, another kind or a malformed id is not found. */
export async function findBatchJob(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
  kind: BatchJobRow['kind'] = 'authenticity',
): Promise<BatchJobRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jobId)) return undefined;
  return db
    .selectFrom('batch_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The documented job body; `results` (in request order) only once the job has completed. */
export async function batchJobBody(db: Kysely<Database>, job: BatchJobRow): Promise<BatchJobBody> {
  const body: BatchJobBody = {
    job_id: job.id,
    job_status: job.status,
    created_at: new Date(job.created_at).toISOString(),
    progress: { done: job.done, total: job.total },
  };
  if (job.finished_at) body.finished_at = new Date(job.finished_at).toISOString();
  if (job.status === 'failed' && job.error) body.error = job.error;
  if (job.status === 'completed') {
    const items = await db
      .selectFrom('batch_job_items')
      .select(['idx', 'result'])
      .where('job_id', '=', job.id)
      .orderBy('idx')
      .execute();
    body.results = items.map((item) => item.result as BatchItemResult);
  }
  return body;
}
