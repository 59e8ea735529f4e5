/**
 * Detect runs are kept for a retention period and pruned by age (src/server/vision/store.ts,
 * functions/prune-detection-results.ts); this index keeps that delete from scanning the table.
 * Frozen like every migration: later changes go in a new file.
 */
import type { Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('detection_results_timestamp_idx')
    .on('detection_results')
    .column('timestamp')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('detection_results_timestamp_idx').execute();
}
