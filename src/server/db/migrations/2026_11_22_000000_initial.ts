/**
 * The first seven tables (users, APIs, use cases, API categories, detection results,
 * subscriptions, contacts). Frozen: later changes go in a new
 * migration, and nothing here imports application types, so this file means the same forever.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('api_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('subscriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('apis')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('features', 'jsonb', (c) => c.notNull())
    .addColumn('endpoints', 'jsonb', (c) => c.notNull())
    .addColumn('use_cases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('base_url', 'text')
    .addColumn('pricing_plans', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('use_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('image_alt', 'text')
    .addColumn('industries', 'jsonb', (c) => c.notNull())
    .addColumn('applicable_apis', 'jsonb', (c) => c.notNull())
    .addColumn('benefits', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('api_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('objects', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('detection_results')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('api_id', 'text', (c) => c.notNull().references('apis.id'))
    .addColumn('image_urls', 'jsonb', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('error_checks', 'numeric', (c) => c.notNull().defaultTo(3))
    .addColumn('results', 'jsonb', (c) => c.notNull())
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('detection_results_api_id_idx')
    .on('detection_results')
    .column('api_id')
    .execute();
  await db.schema
    .createIndex('detection_results_user_id_idx')
    .on('detection_results')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_id', 'text', (c) => c.notNull().references('apis.id'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('subscription_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
  await db.schema.createIndex('subscriptions_api_id_idx').on('subscriptions').column('api_id').execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('page_name', 'text', (c) => c.notNull())
    // Millisecond precision, like a JS Date, so a (created_at, id) page cursor is exact.
    .addColumn('created_at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin list pages newest first with a (created_at, id) cursor; this index serves it.
  await db.schema
    .createIndex('contacts_created_at_id_idx')
    .on('contacts')
    .expression(sql`created_at desc, id desc`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  // Reverse dependency order: referencing tables first.
  for (const table of [
    'contacts',
    'subscriptions',
    'detection_results',
    'api_categories',
    'use_cases',
    'apis',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
