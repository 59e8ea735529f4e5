/**
 * Accounts for real: API keys in their own table (only a SHA-256 of each key), subscriptions
 * with a tier, one active subscription per account and API, and usage metering (one row per
 * call for the "last 20" list, monthly counters so the quota check is one indexed read), plus
 * each account's own detection categories. The spec's `users.api_keys` / `users.subscriptions`
 * json columns are dropped: keys and subscriptions live in their tables, so one copy of each
 * fact exists. Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('api_keys').execute();
  await db.schema.alterTable('users').dropColumn('subscriptions').execute();
  // Username and email are unique regardless of case (`Ada` and `ada` are one account).
  await db.schema
    .createIndex('users_username_lower_idx')
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('users_email_lower_idx')
    .unique()
    .on('users')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Start and last four characters, for display; the key itself is never stored.
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    // SHA-256 of the key (base64url): keys are random and long, so no salt or slow hash is needed.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('api_keys_user_id_idx')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('standard'))
    // Requests included per month at subscription time (null: pay per use, no cap).
    .addColumn('monthly_quota', 'integer')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('subscriptions_one_active_idx')
    .unique()
    .on('subscriptions')
    .columns(['user_id', 'api_id'])
    .where(sql.ref('is_active'), '=', true)
    .execute();

  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('api_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The dashboard's "last 20 requests".
  await db.schema
    .createIndex('usage_events_user_at_idx')
    .on('usage_events')
    .expression(sql`user_id, at desc, id desc`)
    .execute();

  // Per account and API per month: the quota check and the per-API usage.
  await db.schema
    .createTable('usage_monthly')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_id', 'text', (c) => c.notNull())
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_monthly_pk', ['user_id', 'api_id', 'period'])
    .execute();

  // Per key per month: the per-key usage.
  await db.schema
    .createTable('usage_monthly_keys')
    .addColumn('key_id', 'uuid', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_monthly_keys_pk', ['key_id', 'period'])
    .execute();

  // An account's own categories, used over the seeded defaults by its detect calls only.
  await db.schema
    .createTable('account_categories')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('objects', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_categories_pk', ['user_id', 'category'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'account_categories',
    'usage_monthly_keys',
    'usage_monthly',
    'usage_events',
    'api_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('subscriptions_one_active_idx').execute();
  await db.schema.alterTable('subscriptions').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('monthly_quota').execute();
  await db.schema.alterTable('subscriptions').dropColumn('tier').execute();
  await db.schema.dropIndex('users_email_lower_idx').execute();
  await db.schema.dropIndex('users_username_lower_idx').execute();
  await db.schema
    .alterTable('users')
    .addColumn('api_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('subscriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}
