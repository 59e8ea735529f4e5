/**
 * Custom label sets for image classification (POST /api/v1/label-sets): an account's sets and
 * the embedding of each example image (never the image itself). Deleting the account or the set
 * deletes its examples. Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('label_sets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('label_sets_user_idx')
    .on('label_sets')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('label_set_examples')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('label_set_id', 'uuid', (c) => c.notNull().references('label_sets.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    // Float32 little-endian values, base64: the same text on PGlite and PostgreSQL.
    .addColumn('embedding', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('label_set_examples_set_idx')
    .on('label_set_examples')
    .column('label_set_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('label_set_examples').execute();
  await db.schema.dropTable('label_sets').execute();
}
