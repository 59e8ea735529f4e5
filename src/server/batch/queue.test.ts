/**
 * graphile-worker runs on the embedded database: PGlite is one single-user backend, so the queue
 * reaches it through pglite-socket's multiplexing server (the same as `npm start` does), and the
 * same code runs on PostgreSQL (`npm run test:pg`).
 */
import { run } from 'graphile-worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphileOptions } from './queue';
import { createBatchTestDb, type BatchTestDb } from '../../../tests/support/batch-test-db';

let t: BatchTestDb;
beforeAll(async () => {
  t = await createBatchTestDb();
}, 60_000);
afterAll(async () => t?.close());

const addJob = (payload: unknown) =>
  sql`select ${sql.id(t.queue.schema, 'add_job')}('probe', ${JSON.stringify(payload)}::json)`;

describe('graphile-worker on the application database', () => {
  it('runs jobs added inside an application transaction, and none of a rolled-back one', async () => {
    await t.db.transaction().execute(async (trx) => {
      await addJob({ n: 1 }).execute(trx);
      await addJob({ n: 2 }).execute(trx);
    });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await addJob({ n: 3 }).execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const seen: number[] = [];
    const runner = await run({
      ...graphileOptions(t.queue),
      concurrency: 2,
      pollInterval: 100,
      noHandleSignals: true,
      taskList: {
        probe: async (payload) => {
          seen.push((payload as { n: number }).n);
        },
      },
    });
    try {
      const deadline = Date.now() + 15_000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await runner.stop();
    }
    expect(seen.sort()).toEqual([1, 2]);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(t.queue.schema, 'jobs')}`.execute(t.db);
    expect(left.rows[0]?.n).toBe(0);
  }, 30_000);

  it('keeps transactions of concurrent connections apart', async () => {
    await sql`create table if not exists isolation_probe (n int)`.execute(t.db);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const writer = t.db.transaction().execute(async (trx) => {
      await sql`insert into isolation_probe values (1)`.execute(trx);
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    // Another connection does not see the uncommitted row (on PGlite: it waits for the commit).
    const reader = sql<{ n: number }>`select count(*)::int as n from isolation_probe`.execute(t.db);
    setTimeout(release, 200);
    await writer;
    const seen = (await reader).rows[0]?.n;
    expect(t.engine === 'pglite' ? seen === 1 : seen === 0).toBe(true);
  });
});
