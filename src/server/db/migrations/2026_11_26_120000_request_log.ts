/**
 * The request log behind the dashboard's "Request log": one row per `/api/v1/*` call of an
 * account (and the other keyed endpoints that go through `runApiCall`), with the request and
 * response bodies truncated to a few KB (no image bytes: uploads are named, not stored). Kept
 * 30 days and at most 10,000 rows per account (pruned hourly by `prune-usage-events`).
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('request_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null for a call made from the site with the visitor's session.
    .addColumn('key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('api_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    // Path and query string, as called.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull().defaultTo(0))
    // 'json', 'multipart', 'other' or null (no body).
    .addColumn('request_kind', 'text')
    // Request headers worth replaying (Idempotency-Key), never Authorization.
    .addColumn('request_headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('request_body', 'text')
    .addColumn('request_truncated', 'boolean', (c) => c.notNull().defaultTo(false))
    // Uploaded files: field, filename, size and type (the bytes are not stored).
    .addColumn('uploads', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('response_body', 'text')
    .addColumn('response_truncated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The dashboard's pages (newest first, keyset on at + id) and the per-account cap.
  await db.schema
    .createIndex('request_log_user_at_idx')
    .on('request_log')
    .expression(sql`user_id, at desc, id desc`)
    .execute();
  // The age cutoff of the hourly prune.
  await db.schema.createIndex('request_log_at_idx').on('request_log').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('request_log').execute();
}
