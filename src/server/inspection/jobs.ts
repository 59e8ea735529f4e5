/**
 * Virtual inspections on the batch queue: an inspection is a batch job of kind `inspection`
 * (../batch/jobs.ts writes it, its queue entries and its uploads in one transaction). Each photo
 * is one `batch_item` entry, stored exactly once like a batch image (../batch/worker.ts); when
 * the last photo is stored, one `inspection_finish` entry composes the report, marks the
 * inspection completed, queues its callback and deletes the uploaded bytes.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { BatchJobRow } from '../batch/jobs';
import type { QueueConfig } from '../batch/queue-config';
import type { SafeFetchOptions } from '../vision/safe-fetch';
import type { Checklist, InspectionBody, InspectionReport } from '../../shared/schemas/inspection';
import { analysePhoto, type StoredPhoto } from './photo';
import { composeReport } from './report';

/** The queue task of the finishing step. */
export const INSPECTION_FINISH_TASK = 'inspection_finish';

/** How an uploaded photo is named in `image_urls` and the report. */
export const uploadName = (idx: number): string => `upload:${idx + 1}`;

/** The options an inspection keeps beside its photos. */
export interface InspectionOptions {
  checklist?: Checklist;
  property_ref?: string;
  /** File names of the uploads, by index. */
  file_names?: Record<string, string>;
}

const optionsOf = (job: Pick<BatchJobRow, 'options'>): InspectionOptions => job.options;

/** The documented inspection body; the report only once completed. */
export function inspectionBody(job: BatchJobRow): InspectionBody {
  const options = optionsOf(job);
  const body: InspectionBody = {
    inspection_id: job.id,
    status: job.status,
    created_at: new Date(job.created_at).toISOString(),
    progress: { done: job.done, total: job.total },
    ...(options.property_ref !== undefined && { property_ref: options.property_ref }),
  };
  if (job.finished_at) body.finished_at = new Date(job.finished_at).toISOString();
  if (job.status === 'failed' && job.error) body.error = job.error;
  if (job.status === 'completed' && job.report) body.report = job.report as InspectionReport;
  return body;
}

/** Analyses photo `idx` of an inspection (the `batch_item` task of an inspection job). */
export async function analyseInspectionItem(
  db: Kysely<Database>,
  job: BatchJobRow,
  idx: number,
  fetch: SafeFetchOptions | undefined,
): Promise<StoredPhoto> {
  const url = job.image_urls[idx] ?? '';
  const upload = await db
    .selectFrom('batch_job_uploads')
    .select('bytes')
    .where('job_id', '=', job.id)
    .where('idx', '=', idx)
    .executeTakeFirst();
  return analysePhoto(
    {
      index: idx,
      imageUrl: url,
      fileName: optionsOf(job).file_names?.[String(idx)],
      bytes: upload ? new Uint8Array(upload.bytes) : undefined,
    },
    { db, userId: job.user_id, siteOrigins: new Set(job.site_origins), fetch },
  );
}

/** Queues the finishing step (idempotent: one entry per inspection). */
export async function enqueueInspectionFinish(
  db: Kysely<Database>,
  queue: QueueConfig,
  jobId: string,
): Promise<void> {
  await sql`select ${sql.id(queue.schema, 'add_job')}(${INSPECTION_FINISH_TASK}, json_build_object('job_id', ${jobId}::text), max_attempts => 5, job_key => 'finish:' || ${jobId}::text)`.execute(
    db,
  );
}

/**
 * The finishing step: composes the report from the stored photos, marks the inspection completed
 * (once: a repeated step finds it completed), queues the callback, and deletes the uploads.
 */
export async function finishInspection(
  db: Kysely<Database>,
  jobId: string,
  enqueueCallback: (trx: Kysely<Database>, jobId: string) => Promise<void>,
): Promise<void> {
  const job = await db.selectFrom('batch_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job || job.kind !== 'inspection') return;
  if (job.status === 'completed' || job.status === 'failed') {
    await db.deleteFrom('batch_job_uploads').where('job_id', '=', jobId).execute();
    return;
  }
  if (job.done < job.total) return;
  const items = await db
    .selectFrom('batch_job_items')
    .select(['idx', 'result'])
    .where('job_id', '=', jobId)
    .orderBy('idx')
    .execute();
  const options = optionsOf(job);
  const report = composeReport(
    items.map((i) => i.result as unknown as StoredPhoto),
    { checklist: options.checklist, property_ref: options.property_ref },
  );
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('batch_jobs')
      .set({
        status: 'completed',
        report: JSON.stringify(report),
        finished_at: new Date(),
        callback_status: sql`case when callback_url is null then null else 'pending' end`,
      })
      .where('id', '=', jobId)
      .where('status', 'in', ['pending', 'processing'])
      .returning('callback_url')
      .executeTakeFirst();
    if (done?.callback_url) await enqueueCallback(trx, jobId);
    await trx.deleteFrom('batch_job_uploads').where('job_id', '=', jobId).execute();
  });
}
