/**
 * Photo-authenticity batch jobs (POST /api/predict_batch): the job row, one row per finished
 * image, and the heartbeats of queue workers (a worker that stops beating has its locked queue
 * jobs released). The queue itself is graphile-worker's own schema, installed by its migrator.
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('batch_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_id', 'text', (c) => c.notNull())
    // The key that created the job: callbacks are signed with its hash (null for a site session).
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('image_urls', 'jsonb', (c) => c.notNull())
    .addColumn('callback_url', 'text')
    // Origins whose /images/samples/ URLs are read from disk (the site the job was sent to).
    .addColumn('site_origins', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processing', 'completed', 'failed')`),
    )
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('callback_status', 'text', (c) =>
      c.check(sql`callback_status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('callback_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    // A retried request with the same key finds its job; no key, no constraint (nulls differ).
    .addUniqueConstraint('batch_jobs_user_idempotency_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('batch_jobs_user_created_idx')
    .on('batch_jobs')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('batch_job_items')
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('batch_jobs.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    // The image's summary, or its error: `{ image_url, is_real, fail_tags, verdict }` | `{ image_url, error }`.
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addColumn('worker_id', 'text')
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('batch_job_items_pk', ['job_id', 'idx'])
    .execute();

  await db.schema
    .createTable('batch_workers')
    .addColumn('worker_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('batch_workers').execute();
  await db.schema.dropTable('batch_job_items').execute();
  await db.schema.dropTable('batch_jobs').execute();
}
