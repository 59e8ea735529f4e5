/**
 * Usage alerts: thresholds an account sets (a share of a subscription's monthly quota, or a
 * number of images a month for one API or across the account), the alerts that fired (once per
 * threshold per billing month) and the account's webhook, called signed when one fires.
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('usage_alert_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Called when an alert fires; null: alerts show in the dashboard only.
    .addColumn('webhook_url', 'text')
    // HMAC key of the webhook's Optiq-Signature (the receiver checks with it).
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('usage_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'quota_percent' (of the API's subscription quota) or 'images' (a month's images).
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('quota_percent', 'images')`))
    // The API; null with 'images': across the account.
    .addColumn('api_id', 'text')
    .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('usage_alerts_quota_api', sql`kind <> 'quota_percent' or api_id is not null`)
    .execute();
  await db.schema.createIndex('usage_alerts_user_idx').on('usage_alerts').column('user_id').execute();

  await db.schema
    .createTable('usage_alert_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('usage_alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The billing month it fired in: once per alert and month.
    .addColumn('period', 'date', (c) => c.notNull())
    // What the threshold counted when it was crossed (requests or images) and its limit then.
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('limit_value', 'integer', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // null: no webhook configured; 'pending', 'delivered' or 'failed'.
    .addColumn('webhook_status', 'text')
    .addColumn('webhook_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('usage_alert_events_once', ['alert_id', 'period'])
    .execute();
  await db.schema
    .createIndex('usage_alert_events_user_idx')
    .on('usage_alert_events')
    .expression(sql`user_id, fired_at desc`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('usage_alert_events').execute();
  await db.schema.dropTable('usage_alerts').execute();
  await db.schema.dropTable('usage_alert_settings').execute();
}
