/**
 * Databases for the batch tests, with the queue installed: embedded PGlite served on a loopback
 * port (the queue needs connections of its own), or, with `TEST_DATABASE_URL`, a throwaway
 * database on that PostgreSQL server with the application's tables and the queue in it. With
 * `TEST_DB_DRIVER=neon` (`npm run test:neon`) the application's queries go through Neon's
 * serverless driver while the queue keeps the direct URL and `pg`, as in production.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createDb, migrateToLatest, type Database } from '../../src/server/db';
import { servePglite } from '../../src/server/db/pglite-server';
import { migratedPgliteImage } from './pglite-image';
import { assertDatabaseAllowed, testDbTarget, testDriver, type TestDriver } from './test-db';
import { installQueue, type QueueConfig } from '../../src/server/batch/queue';

export interface BatchTestDb {
  db: Kysely<Database>;
  queue: QueueConfig;
  engine: 'pglite' | 'postgres';
  /** Which driver the application's queries go through (the queue's always use `pg`). */
  driver: TestDriver;
  close: () => Promise<void>;
}

export async function createBatchTestDb(): Promise<BatchTestDb> {
  assertDatabaseAllowed();
  const url = process.env['TEST_DATABASE_URL']?.trim();
  if (!url) {
    const image = await migratedPgliteImage();
    const server = await servePglite('memory://', image ? { loadDataDir: image } : {});
    const db = createDb({ kind: 'postgres', url: server.url }, { max: 8 });
    await migrateToLatest(db);
    const queue = { connectionString: server.url, schema: 'graphile_worker' };
    await installQueue(queue);
    return {
      db,
      queue,
      engine: 'pglite',
      driver: 'pg',
      close: async () => {
        await db.destroy();
        await server.close();
      },
    };
  }
  // A database of its own, not a schema: graphile-worker announces a new queue schema on a
  // channel of the whole database (`worker:migrate`), which would stop the running workers of
  // another test file's queue on the same database.
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(url, sql`create database ${sql.id(name)}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const driver = testDriver();
  const { target, options } = testDbTarget(dbUrl.toString(), 'public', driver);
  const db = createDb(target, { max: 8, ...(options ? { options } : {}) });
  await migrateToLatest(db);
  const queue = { connectionString: dbUrl.toString(), schema: 'graphile_worker' };
  await installQueue(queue);
  return {
    db,
    queue,
    engine: 'postgres',
    driver,
    close: async () => {
      await db.destroy();
      // `force` ends what a test left connected (a worker's pool still closing).
      await onServer(url, sql`drop database if exists ${sql.id(name)} with (force)`);
    },
  };
}

/** Runs one statement on the server's own database (creating or dropping a test database). */
async function onServer(url: string, statement: RawBuilder<unknown>): Promise<void> {
  const admin = createDb({ kind: 'postgres', url }, { max: 1 });
  try {
    await statement.execute(admin);
  } finally {
    await admin.destroy();
  }
}
