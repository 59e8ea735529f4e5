/**
 * Usage events are kept for a retention period and pruned by age (src/server/account/usage.ts,
 * functions/prune-usage-events.ts); this index keeps that delete from scanning the table.
 * Frozen like every migration: later changes go in a new file.
 */
import type { Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('usage_events_at_idx').on('usage_events').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('usage_events_at_idx').execute();
}
