/**
 * Databases for the batch tests, with the queue installed: embedded PGlite served on a loopback
 * port (the queue needs connections of its own), or, with `TEST_DATABASE_URL`, a throwaway
 * schema on that PostgreSQL server with the queue in a throwaway schema beside it. With
 * `TEST_DB_DRIVER=neon` (`npm run test:neon`) the application's queries go through Neon's
 * serverless driver while the queue keeps the direct URL and `pg`, as in production.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest, type Database } from '../../src/server/db';
import { servePglite } from '../../src/server/db/pglite-server';
import { migratedPgliteImage } from './pglite-image';
import { assertDatabaseAllowed, testDbTarget, testDriver, type TestDriver } from './test-db';
import { installQueue, type QueueConfig } from '../../src/server/batch/queue';

export interface BatchTestDb {
  db: Kysely<Database>;
  queue: QueueConfig;
  /** libpq options another process needs to find the application's tables (PostgreSQL only). */
  dbOptions?: string;
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
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const queueSchema = `gw_${schema}`;
  const admin = createDb({ kind: 'postgres', url }, { max: 1 });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const dbOptions = `-c search_path=${schema}`;
  const driver = testDriver();
  const { target, options } = testDbTarget(url, schema, driver);
  const db = createDb(target, { max: 8, ...(options ? { options } : {}) });
  await migrateToLatest(db);
  const queue = { connectionString: url, schema: queueSchema };
  await installQueue(queue);
  return {
    db,
    queue,
    dbOptions,
    engine: 'postgres',
    driver,
    close: async () => {
      await db.destroy();
      const cleanup = createDb({ kind: 'postgres', url }, { max: 1 });
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup);
        await sql`drop schema if exists ${sql.id(queueSchema)} cascade`.execute(cleanup);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}
