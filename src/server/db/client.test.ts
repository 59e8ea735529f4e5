import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  createDb,
  createPool,
  guardPoolErrors,
  resolveDbTimeouts,
  withQueryTimeout,
  type DbTarget,
} from './client';
import { DatabaseTimeoutError } from './unavailable';

type InspectablePool = EventEmitter & { options: Record<string, unknown>; end(): Promise<void> };

describe('resolveDbTimeouts', () => {
  it('defaults to 5 s to connect, 10 s per statement and a client-side limit just above', () => {
    expect(resolveDbTimeouts({})).toEqual({ connectMs: 5_000, statementMs: 10_000, queryMs: 12_000 });
  });

  it('reads overrides and ignores nonsense', () => {
    expect(resolveDbTimeouts({ DB_CONNECT_TIMEOUT_MS: '800', DB_STATEMENT_TIMEOUT_MS: '1000' })).toEqual({
      connectMs: 800,
      statementMs: 1_000,
      queryMs: 3_000,
    });
    expect(resolveDbTimeouts({ DB_QUERY_TIMEOUT_MS: '250', DB_CONNECT_TIMEOUT_MS: 'soon' })).toMatchObject({
      connectMs: 5_000,
      queryMs: 250,
    });
  });
});

describe('pool wiring', () => {
  const pools: InspectablePool[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(pools.splice(0).map((p) => p.end().catch(() => {})));
  });

  // Neon cannot be reached from here; building its pool opens no connection.
  it.each<[string, DbTarget]>([
    [
      'neon',
      { kind: 'neon', url: 'postgres://user:secret@ep-calm-sea-123456.eu-central-1.aws.neon.tech/db' },
    ],
    ['postgres', { kind: 'postgres', url: 'postgres://user:secret@127.0.0.1:1/db' }],
  ])('%s: an error from the pool or one of its clients is handled, not thrown', async (_, target) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pool = (await createPool(target)) as unknown as InspectablePool;
    pools.push(pool);
    expect(pool.listenerCount('error')).toBeGreaterThan(0);
    // An idle client's connection dropping reaches the pool as 'error'.
    expect(() =>
      pool.emit(
        'error',
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).not.toThrow();
    // A checked-out client has no pool listener; the one added on 'connect' covers it.
    const client = new EventEmitter();
    pool.emit('connect', client);
    expect(() => client.emit('error', new Error('Connection terminated unexpectedly'))).not.toThrow();
    for (const [line] of logged.mock.calls) expect(String(line)).not.toContain('secret');
  });

  it('neon: bounded connection wait', async () => {
    const pool = (await createPool(
      { kind: 'neon', url: 'postgres://user:secret@ep-calm-sea-123456.eu-central-1.aws.neon.tech/db' },
      { timeouts: { connectMs: 1234 } },
    )) as unknown as InspectablePool;
    pools.push(pool);
    expect(pool.options).toMatchObject({ connectionTimeoutMillis: 1234 });
  });

  it('postgres: connection and statement timeouts, TCP keepalive', async () => {
    const pool = (await createPool(
      { kind: 'postgres', url: 'postgres://user:secret@127.0.0.1:1/db' },
      { timeouts: { connectMs: 1234, statementMs: 4321 } },
    )) as unknown as InspectablePool;
    pools.push(pool);
    expect(pool.options).toMatchObject({
      connectionTimeoutMillis: 1234,
      statement_timeout: 4321,
      keepAlive: true,
    });
  });

  it('guardPoolErrors keeps a bare emitter alive', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bare = new EventEmitter();
    expect(() => bare.emit('error', new Error('boom'))).toThrow('boom');
    const guarded = guardPoolErrors(
      Object.assign(new EventEmitter(), { connect: async () => ({}) as never, end: async () => {} }),
    );
    expect(() => guarded.emit('error', new Error('boom'))).not.toThrow();
  });
});

describe('withQueryTimeout', () => {
  /** A pool whose server answers `select 1` at once and never answers anything else. */
  function fakePool() {
    const released: unknown[] = [];
    const pool = {
      released,
      end: async () => {},
      connect: async () => ({
        query: (text: string) =>
          text === 'select 1'
            ? Promise.resolve({ command: 'SELECT', rowCount: 1, rows: [{}] })
            : new Promise(() => {}),
        release: (error?: unknown) => released.push(error),
      }),
    };
    return pool as typeof pool & Parameters<typeof withQueryTimeout>[0];
  }

  it('fails an unanswered query in time, fails the rest of the session at once, and discards the connection', async () => {
    const inner = fakePool();
    const client = await withQueryTimeout(inner, 100).connect();
    const started = Date.now();
    await expect(client.query('select pg_sleep(60)', [])).rejects.toBeInstanceOf(DatabaseTimeoutError);
    // A transaction's ROLLBACK on the same connection must not wait out a second timeout.
    await expect(client.query('rollback', [])).rejects.toBeInstanceOf(DatabaseTimeoutError);
    expect(Date.now() - started).toBeLessThan(180);
    client.release();
    expect(inner.released).toEqual([expect.any(DatabaseTimeoutError)]);
  });

  it('returns a healthy connection to the pool', async () => {
    const inner = fakePool();
    const client = await withQueryTimeout(inner, 100).connect();
    await expect(client.query('select 1', [])).resolves.toMatchObject({ rowCount: 1 });
    client.release();
    expect(inner.released).toEqual([undefined]);
  });
});

describe('embedded database folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'optiq-db-folder-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created with its missing parents, as on a fresh clone without .data/', async () => {
    const dataDir = join(root, '.data', 'nested', 'pglite');
    const db = createDb({ kind: 'pglite', dataDir });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await db.destroy();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    // A new cluster on disk (initdb in WebAssembly) takes tens of seconds on a busy machine.
  }, 120_000);
});
