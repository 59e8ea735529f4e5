/**
 * Fresh, fully migrated databases for tests, built from the real migrations (no mocks).
 * In-memory PGlite by default; with `TEST_DATABASE_URL` set, a new schema on that real
 * PostgreSQL server, dropped again on close, so the same tests run against both. With
 * `TEST_DB_DRIVER=neon` as well (`npm run test:neon`), the application's queries go through
 * Neon's serverless driver, production's, over the WebSocket proxy the suite starts
 * (`tests/neon/`); schemas are still created and dropped with `pg`.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDb, type DbTarget, type DbTimeouts } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/tables';
import { migratedPgliteImage } from './pglite-image';

export interface TestDb {
  db: Kysely<Database>;
  /** Destroys the pool and, on a real server, drops the schema. */
  close: () => Promise<void>;
  /** `pglite` or `postgres`: which engine the test runs on. */
  engine: 'pglite' | 'postgres';
  /** Which driver the application's queries go through: `pg` (PGlite's too) or Neon's. */
  driver: TestDriver;
}

export type TestDriver = 'pg' | 'neon';

/** The driver `TEST_DB_DRIVER` asks for: `neon`, else `pg`. */
export function testDriver(env: Record<string, string | undefined> = process.env): TestDriver {
  const driver = env['TEST_DB_DRIVER']?.trim() || 'pg';
  if (driver !== 'pg' && driver !== 'neon')
    throw new Error(`TEST_DB_DRIVER must be pg or neon, not ${driver}`);
  return driver;
}

/**
 * The target and pool options of an application database on `url` whose unqualified names
 * resolve in `searchPath`. Neon's pool takes no `options` setting, so for it the search path
 * travels in the URL (`?options=`), which both drivers read into the startup message.
 */
export function testDbTarget(
  url: string,
  searchPath: string,
  driver: TestDriver = testDriver(),
): { target: DbTarget; options?: string } {
  const options = `-c search_path=${searchPath}`;
  if (driver === 'pg') return { target: { kind: 'postgres', url }, options };
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', options);
  return { target: { kind: 'neon', url: withOptions.toString() } };
}

/** Set by vitest.config.ts in the unit project, whose tests must not open a database. */
export const NO_DATABASE_ENV = 'TEST_NO_DATABASE';

/** Throws in a unit test: a test that opens a database belongs in the integration project. */
export function assertDatabaseAllowed(env: Record<string, string | undefined> = process.env): void {
  if (env[NO_DATABASE_ENV] === '1') {
    throw new Error(
      'This test opens a database: add its file to the integration project in vitest.config.ts',
    );
  }
}

/**
 * A freshly created database; `migrate: false` leaves it empty (migration tests); `timeouts`
 * override the pool's on a real server (tests of a server that goes away). On PGlite a migrated
 * database starts from the run's migrated image when there is one (`pglite-image.ts`).
 */
export async function createTestDb({
  migrate = true,
  timeouts,
}: { migrate?: boolean; timeouts?: Partial<DbTimeouts> } = {}): Promise<TestDb> {
  assertDatabaseAllowed();
  const url = process.env['TEST_DATABASE_URL']?.trim();
  if (!url) {
    const image = migrate ? await migratedPgliteImage() : undefined;
    const db = createDb({ kind: 'pglite', dataDir: 'memory://', ...(image ? { loadDataDir: image } : {}) });
    // From the image this applies nothing (one query); without one, every migration.
    if (migrate) await migrateToLatest(db);
    return { db, engine: 'pglite', driver: 'pg', close: () => db.destroy() };
  }
  const driver = testDriver();

  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = createDb({ kind: 'postgres', url }, { max: 1 });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  // Every connection of this pool resolves unqualified names in the test's own schema (then
  // `public`, for extensions such as pgvector, which live there once per database).
  const { target, options } = testDbTarget(url, `${schema},public`, driver);
  const db = createDb(target, { max: 4, ...(options ? { options } : {}), ...(timeouts ? { timeouts } : {}) });
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
  return { db, engine: 'postgres', driver, close };
}
