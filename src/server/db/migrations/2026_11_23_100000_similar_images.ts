/**
 * Similar-image search: the public gallery, accounts' collections and their images, each image
 * with its embedding (pgvector, HNSW index on cosine distance) and 64-bit perceptual hash.
 *
 * pgvector is needed: PGlite loads it (@electric-sql/pglite-pgvector), Neon has it, a
 * PostgreSQL server has it when its `vector` extension is installed (Debian:
 * postgresql-15-pgvector). Where `vector` is not available the tables are not created, the rest
 * of the product works and the similar-search endpoints answer 503; installing the extension
 * later and seeding again (`npm run db:seed`, `npm start`) creates them (`createSimilarTables`
 * is idempotent). Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

/** Length of the stored embeddings: the pooled backbone of the CenterNet pass (see calibration.json). */
const DIMS = 480;

/** True when the server can load pgvector. */
export async function vectorAvailable(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{
    ok: boolean;
  }>`select exists (select 1 from pg_available_extensions where name = 'vector') as ok`.execute(db);
  return rows[0]?.ok === true;
}

/** Creates the extension and the tables where `vector` is available; returns whether they exist. */
export async function createSimilarTables(db: AnyDb): Promise<boolean> {
  if (!(await vectorAvailable(db))) return false;
  // In `public` (when there is one), so every schema of the database sees one copy.
  const { rows } = await sql<{
    has_public: boolean;
  }>`select exists (select 1 from pg_namespace where nspname = 'public') as has_public`.execute(db);
  await (
    rows[0]?.has_public
      ? sql`create extension if not exists vector with schema public`
      : sql`create extension if not exists vector`
  ).execute(db);
  const vector = sql.raw(`vector(${DIMS})`);
  await sql`
    create table if not exists gallery_images (
      id text primary key,
      category text not null,
      title text not null,
      url text not null,
      credit text not null,
      license text not null,
      source text,
      phash text not null,
      embedding ${vector} not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists similar_collections (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      description text,
      created_at timestamptz not null default now(),
      unique (user_id, name)
    )`.execute(db);
  await sql`
    create table if not exists collection_images (
      collection_id uuid not null references similar_collections(id) on delete cascade,
      image_id text not null,
      category text not null,
      url text,
      metadata jsonb not null default '{}'::jsonb,
      phash text not null,
      embedding ${vector} not null,
      created_at timestamptz not null default now(),
      primary key (collection_id, image_id)
    )`.execute(db);
  // HNSW on cosine distance; m / ef_construction as measured by `npm run bench:similar`.
  await sql`create index if not exists gallery_images_embedding_idx on gallery_images using hnsw (embedding vector_cosine_ops) with (m = 16, ef_construction = 64)`.execute(
    db,
  );
  await sql`create index if not exists collection_images_embedding_idx on collection_images using hnsw (embedding vector_cosine_ops) with (m = 16, ef_construction = 64)`.execute(
    db,
  );
  return true;
}

export async function up(db: AnyDb): Promise<void> {
  await createSimilarTables(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('collection_images').ifExists().execute();
  await db.schema.dropTable('similar_collections').ifExists().execute();
  await db.schema.dropTable('gallery_images').ifExists().execute();
}
