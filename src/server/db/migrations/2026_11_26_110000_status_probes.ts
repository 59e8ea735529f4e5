/**
 * The status page's probes: one row per health check the scheduled function
 * `record-status-probe` runs (every 5 minutes), kept 90 days. The page's uptime per day is
 * computed from these rows by SQL. Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('status_probes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The overall result: ok, degraded or down.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ok', 'degraded', 'down')`))
    // Every component's result as the health report gives it (a JSON array).
    .addColumn('components', 'jsonb', (c) => c.notNull())
    // How long the whole check took (ms).
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .execute();
  // The page reads the last 30 days and the pruning deletes the oldest: both by time.
  await db.schema.createIndex('status_probes_checked_at').on('status_probes').column('checked_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('status_probes').execute();
}
