/**
 * Brand wordmarks an account adds to the watermark analysis's default list
 * (GET/POST /api/v1/watermark/brands, DELETE /api/v1/watermark/brands/{id}).
 * Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('watermark_brands')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The owning account: its brands go with it.
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Other spellings that count as the brand (a JSON array of strings).
    .addColumn('aliases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The name as compared (lower case, letters and digits only): one entry per brand and account.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('watermark_brands_user_name_key', ['user_id', 'name_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('watermark_brands').execute();
}
