/**
 * Virtual inspections (POST /api/v1/inspections) run as batch jobs of another kind: the job row
 * says which analysis its items get (`kind`), keeps the request's options (checklist,
 * property_ref) and, once the finishing step has run, the report. Photos uploaded in the request
 * are kept in `batch_job_uploads` only until the job ends (the finishing step deletes them).
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('batch_jobs')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('authenticity')
        .check(sql`kind in ('authenticity', 'inspection')`),
    )
    .execute();
  await db.schema
    .alterTable('batch_jobs')
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.alterTable('batch_jobs').addColumn('report', 'jsonb').execute();
  await db.schema
    .createTable('batch_job_uploads')
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('batch_jobs.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_job_uploads_pk', ['job_id', 'idx'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('batch_job_uploads').execute();
  await db.schema.alterTable('batch_jobs').dropColumn('report').execute();
  await db.schema.alterTable('batch_jobs').dropColumn('options').execute();
  await db.schema.alterTable('batch_jobs').dropColumn('kind').execute();
}
