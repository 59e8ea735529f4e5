/**
 * Fresh, fully migrated databases for tests, built from the real migrations (no mocks).
 * In-memory PGlite by default; with `TEST_DATABASE_URL` set, a new schema on that real
 * PostgreSQL server, dropped again on close, so the same tests run against both.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDb } from './client';
import { migrateToLatest } from './migrate';
import type { Database } from './tables';

export interface TestDb {
  db: Kysely<Database>;
  /** Destroys the pool and, on a real server, drops the schema. */
  close: () => Promise<void>;
  /** `pglite` or `postgres`: which engine the test runs on. */
  engine: 'pglite' | 'postgres';
}

/** A freshly created database; `migrate: false` leaves it empty (migration tests). */
export async function createTestDb({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDb> {
  const url = process.env['TEST_DATABASE_URL']?.trim();
  if (!url) {
    const db = createDb({ kind: 'pglite', dataDir: 'memory://' });
    if (migrate) await migrateToLatest(db);
    return { db, engine: 'pglite', close: () => db.destroy() };
  }

  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = createDb({ kind: 'postgres', url }, { max: 1 });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  // Every connection of this pool resolves unqualified names in the test's own schema (then
  // `public`, for extensions such as pgvector, which live there once per database).
  const db = createDb({ kind: 'postgres', url }, { max: 4, options: `-c search_path=${schema},public` });
  const close = async () => {
    await db.destroy();
    const cleanup = createDb({ kind: 'postgres', url }, { max: 1 });
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup);
    } finally {
      await cleanup.destroy();
    }
  };
  try {
    if (migrate) await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, engine: 'postgres', close };
}
