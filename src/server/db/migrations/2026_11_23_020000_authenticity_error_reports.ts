/**
 * Reports of wrong photo-authenticity results (POST /api/error), read by the admin on /c.
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('authenticity_error_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The reporting account; kept when the account is deleted, so the report stays readable.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('job_id', 'uuid')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('authenticity_error_reports_created_idx')
    .on('authenticity_error_reports')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('authenticity_error_reports').execute();
}
