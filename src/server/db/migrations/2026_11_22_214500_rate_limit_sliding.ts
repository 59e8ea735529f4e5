/**
 * Rate limits move from fixed windows (which let twice the limit through across a window
 * boundary) to a sliding token bucket kept as one number per (bucket, client): the time at
 * which the client's allowance is whole again (`tat_ms`, milliseconds since the epoch). A row
 * whose `tat_ms` has passed holds nothing a missing row would not, so the sweep deletes by it.
 * The old counters are dropped: they are minutes-long state, not data.
 */
import type { Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_buckets').ifExists().execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('tat_ms', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['bucket', 'key'])
    .execute();
  await db.schema.createIndex('rate_limits_tat_ms_idx').on('rate_limits').column('tat_ms').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('rate_limit_buckets_pkey', ['bucket', 'key'])
    .execute();
  await db.schema
    .createIndex('rate_limit_buckets_window_start_idx')
    .on('rate_limit_buckets')
    .column('window_start')
    .execute();
}
