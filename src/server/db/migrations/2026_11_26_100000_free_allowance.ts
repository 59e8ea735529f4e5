/**
 * The Free tier's counter: images analysed this month on the free allowance, one row per
 * account and billing month across all APIs, reserved before the work as the tiers' requests
 * are. Batch jobs note whether they were billed to it, so an image given back returns there.
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('free_usage_monthly')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('free_usage_monthly_pk', ['user_id', 'period'])
    .execute();
  await db.schema
    .alterTable('batch_jobs')
    .addColumn('free_allowance', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('batch_jobs').dropColumn('free_allowance').execute();
  await db.schema.dropTable('free_usage_monthly').execute();
}
