/**
 * Rate-limit counters shared by every function instance (src/server/rate-limit). One row per
 * (bucket, client key); a new window overwrites the row in place through an atomic upsert.
 * Frozen like every migration: later changes go in a new file.
 */
import type { Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('rate_limit_buckets_pkey', ['bucket', 'key'])
    .execute();
  // The occasional sweep deletes rows by age.
  await db.schema
    .createIndex('rate_limit_buckets_window_start_idx')
    .on('rate_limit_buckets')
    .column('window_start')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_buckets').execute();
}
