/**
 * The functions against a real PostgreSQL server that is stopped, restarted and frozen under
 * them: a database that is away is answered 503 with the documented body and Retry-After, in
 * bounded time, the process survives, and the next request after recovery succeeds.
 *
 * Runs with the real-server tests (`TEST_DATABASE_URL` set, `npm run test:pg`), on a server of
 * its own: stopping the shared one would fail every other test file running alongside.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, migrateToLatest, setDb, type Database } from '../../src/server/db';
import { startPgCluster, type PgCluster } from '../../src/server/db/pg-cluster';
import {
  expectUnavailable as expectUnavailableBody,
  postContact as postContactTo,
} from '../support/database-unavailable';
import { defineHandler, json } from '../../src/server/http/handler';
import type { Kysely } from 'kysely';

const TIMEOUTS = { connectMs: 1_000, statementMs: 1_000, queryMs: 1_500 };

const postContact = () => postContactTo('Restart drill');
const expectUnavailable = (res: Response) =>
  expectUnavailableBody(res, /127\.0\.0\.1|ECONNREFUSED|administrator|postgres/i);

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

async function timed(send: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const res = await send();
  return { res, ms: Date.now() - started };
}

describe.runIf(process.env['TEST_DATABASE_URL'])('a database that goes away', () => {
  let cluster: PgCluster;
  let db: Kysely<Database>;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
  };

  beforeAll(async () => {
    vi.stubEnv('CONTACT_RATE_LIMIT', '10000');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    process.on('uncaughtExceptionMonitor', recordUncaught);
    cluster = await startPgCluster();
    db = createDb({ kind: 'postgres', url: cluster.url }, { max: 4, timeouts: TIMEOUTS });
    await migrateToLatest(db);
    setDb(db);
  });
  afterAll(async () => {
    thaw();
    process.off('uncaughtExceptionMonitor', recordUncaught);
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    setDb(undefined);
    await db?.destroy().catch(() => {});
    await cluster?.destroy();
  });

  it('answers 503 while the server is stopped and 201 again once it is back, without crashing', async () => {
    expect((await postContact()).status).toBe(201);

    // One connection checked out and idle between two queries while the server stops: its
    // 'error' event has no pool listener, only the one every client gets.
    const held = db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await cluster.stop('fast');
      await new Promise((r) => setTimeout(r, 200));
      await expect(sql`select 1`.execute(conn)).rejects.toThrow();
    });
    await held;

    const down = await timed(postContact);
    await expectUnavailable(down.res);
    expect(down.ms).toBeLessThan(TIMEOUTS.connectMs + 1_000);

    await cluster.start();
    expect(await untilOk(postContact)).toBeLessThan(5);
    const stored = await db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2);
    expect(uncaught).toEqual([]);
  });

  it('recovers from a restart under concurrent requests', async () => {
    const during = Promise.all(Array.from({ length: 8 }, () => postContact().then((r) => r.status)));
    await cluster.restart();
    const statuses = await during;
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    expect(await untilOk(postContact)).toBeLessThan(5);
    expect(uncaught).toEqual([]);
  });

  it('cancels a statement running past statement_timeout with a timely 503', async () => {
    const slow = defineHandler(['GET'], async (_req, ctx) => {
      await sql`select pg_sleep(5)`.execute(db);
      return json({ ok: true }, ctx);
    });
    const { res, ms } = await timed(() => slow(new Request('http://localhost/slow')));
    await expectUnavailable(res);
    expect(ms).toBeLessThan(TIMEOUTS.statementMs + 1_000);
    expect((await postContact()).status).toBe(201);
  });

  it('gives up on a frozen server in bounded time and recovers when it thaws', async () => {
    expect((await postContact()).status).toBe(201);
    const postmaster = cluster.postmasterPid();
    const backends = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    frozen = [postmaster, ...backends];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    // Never leave a stopped server behind, even if a request below hangs.
    setTimeout(thaw, 10_000).unref();
    try {
      // A pooled connection gets no answer: the client-side query timeout.
      const first = await timed(postContact);
      await expectUnavailable(first.res);
      expect(first.ms).toBeLessThan(TIMEOUTS.queryMs + 1_000);
      // That connection was discarded; a new one cannot be opened: the connect timeout.
      const second = await timed(postContact);
      await expectUnavailable(second.res);
      expect(second.ms).toBeLessThan(TIMEOUTS.queryMs + 1_000);
    } finally {
      thaw();
    }
    expect(await untilOk(postContact)).toBeLessThan(5);
    expect(uncaught).toEqual([]);
  });
});
