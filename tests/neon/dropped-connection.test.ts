/**
 * The network between a function and Neon goes away, through the production driver: a
 * connection cut in the middle of a query, a proxy that refuses connections, and one that
 * stops carrying bytes. Each is answered 503 with the documented body and `Retry-After`, in
 * bounded time, without an uncaught exception, and the next request once the network is back
 * succeeds on a fresh connection.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDb } from '../../src/server/db';
import { createTestDb, type TestDb } from '../support/test-db';
import {
  expectUnavailable as expectUnavailableBody,
  postContact as postContactTo,
} from '../support/database-unavailable';
import { neonTestProxy } from './setup';

// Short enough to test, long enough that a busy machine does not trip them on healthy queries.
const TIMEOUTS = { connectMs: 3_000, statementMs: 3_000, queryMs: 4_000 };

const postContact = () => postContactTo('Network drill');

async function expectUnavailable(res: Response) {
  // No driver message, address or engine name reaches the client.
  const body = await expectUnavailableBody(
    res,
    /127\.0\.0\.1|terminated|WebSocket|ECONN|timeout|postgres|neon/i,
  );
  expect(body.error.details).toEqual({ retry_after_seconds: 5 });
}

async function timed(send: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const res = await send();
  return { res, ms: Date.now() - started };
}

/** Retries until a 2xx (the pool reconnects by itself); returns the seconds it took. */
async function untilOk(send: () => Promise<Response>, withinMs = 15_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await send();
    if (res.ok) return (Date.now() - started) / 1000;
    if (Date.now() - started > withinMs) throw new Error(`still ${res.status} after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function until(check: () => Promise<boolean>, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("a dropped connection on Neon's driver", () => {
  let t: TestDb;
  let schema: string;
  /** Direct `pg` connections beside the application's: one holds a lock, one watches the server. */
  let admin: pg.Client;
  let watcher: pg.Client;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  const contactCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('contacts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    vi.stubEnv('CONTACT_RATE_LIMIT', '10000');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    process.on('uncaughtExceptionMonitor', recordUncaught);
    t = await createTestDb({ timeouts: TIMEOUTS });
    expect(t.driver).toBe('neon');
    setDb(t.db);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    schema = rows[0]!.schema;
    admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    watcher = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await Promise.all([admin.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    const proxy = neonTestProxy();
    proxy.thaw();
    await proxy.start();
    process.off('uncaughtExceptionMonitor', recordUncaught);
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    setDb(undefined);
    await admin?.end();
    await watcher?.end();
    await t?.close();
  });

  it('answers 503 when the proxy is killed mid-query, refuses while it is down, and recovers once it is back', async () => {
    const proxy = neonTestProxy();
    expect((await postContact()).status).toBe(201);

    // Hold the table so the function's INSERT is on the wire, waiting on the server, when the
    // proxy dies.
    await admin.query('begin');
    let cut: Awaited<ReturnType<typeof timed>>;
    let afterKill: number;
    try {
      await admin.query(`lock table ${pg.escapeIdentifier(schema)}.contacts in access exclusive mode`);
      let settled: string | undefined;
      const pending = timed(postContact).then((r) => {
        settled ??= `the request ended (${r.res.status}) before its INSERT waited on the lock`;
        return r;
      });
      await until(async () => {
        if (settled) throw new Error(settled);
        // Not on `admin`: inside its transaction pg_stat_activity would be one frozen snapshot.
        const { rows } = await watcher.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'insert into "contacts"%'`,
        );
        return Number(rows[0]?.n) > 0;
      });
      const killedAt = Date.now();
      await proxy.stop();
      cut = await pending;
      afterKill = Date.now() - killedAt;
    } finally {
      await admin.query('rollback');
    }
    await expectUnavailable(cut.res);
    // Answered as soon as the socket closed, not after a timeout.
    expect(afterKill).toBeLessThan(TIMEOUTS.queryMs);

    // While the proxy is down a new connection is refused: 503 within the connect timeout.
    const down = await timed(postContact);
    await expectUnavailable(down.res);
    expect(down.ms).toBeLessThan(TIMEOUTS.connectMs + 1_000);

    await proxy.start();
    const recovery = await untilOk(postContact);
    expect(recovery).toBeLessThan(5);
    // The first and the recovered submissions are stored. The cut INSERT may be stored too:
    // PostgreSQL finishes a statement whose client has gone (it only notices on its reply),
    // so a 503 after a dropped connection does not prove the write was lost.
    const stored = await contactCount();
    expect(stored === 2 || stored === 3).toBe(true);
    expect(uncaught).toEqual([]);
    console.log(
      `neon drop: cut mid-query -> ${cut.res.status} in ${cut.ms} ms (${afterKill} ms after the kill), ` +
        `proxy down -> ${down.res.status} in ${down.ms} ms, recovered in ${recovery.toFixed(2)} s, cut insert ${stored === 3 ? 'stored anyway' : 'not stored'}`,
    );
  });

  it('answers 503 to a request whose connection is cut while it waits between two queries of a transaction', async () => {
    const proxy = neonTestProxy();
    const before = await contactCount();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('contacts')
          .values({ name: 'Cut', email: 'cut@example.com', message: 'x', page_name: 'Home' })
          .execute();
        proxy.dropConnections();
        await new Promise((r) => setTimeout(r, 100));
        await trx
          .insertInto('contacts')
          .values({ name: 'Cut 2', email: 'cut@example.com', message: 'x', page_name: 'Home' })
          .execute();
      }),
    ).rejects.toThrow();
    // The server rolled the transaction back when its connection closed.
    expect(await contactCount()).toBe(before);
    expect((await postContact()).status).toBe(201);
    expect(uncaught).toEqual([]);
  });

  it('gives up on a frozen network in bounded time (query, then connect timeout) and recovers when it thaws', async () => {
    const proxy = neonTestProxy();
    expect((await postContact()).status).toBe(201);
    proxy.freeze();
    let first: Awaited<ReturnType<typeof timed>>;
    let second: Awaited<ReturnType<typeof timed>>;
    try {
      // A pooled connection gets no answer: the client-side query timeout.
      first = await timed(postContact);
      await expectUnavailable(first.res);
      expect(first.ms).toBeLessThan(TIMEOUTS.queryMs + 1_000);
      // Its connection was discarded; a new one gets no startup answer: the connect timeout.
      proxy.dropConnections();
      second = await timed(postContact);
      await expectUnavailable(second.res);
      expect(second.ms).toBeLessThan(TIMEOUTS.connectMs + 1_000);
    } finally {
      proxy.thaw();
    }
    const recovery = await untilOk(postContact);
    expect(recovery).toBeLessThan(5);
    expect(uncaught).toEqual([]);
    console.log(
      `neon freeze: query timeout -> ${first.res.status} in ${first.ms} ms, connect timeout -> ${second.res.status} in ${second.ms} ms, recovered in ${recovery.toFixed(2)} s`,
    );
  });
});
