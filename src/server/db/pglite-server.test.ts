import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePglite, type PgliteServer } from './pglite-server';

let server: PgliteServer;
beforeAll(async () => {
  server = await servePglite('memory://');
});
afterAll(async () => server?.close());

describe('servePglite', () => {
  it('keeps concurrent extended-protocol queries of several connections apart', async () => {
    // Each connection runs statements with its own number of parameters: a Bind reaching another
    // connection's Parse fails ("bind message supplies N parameters") or returns its rows.
    const pool = new pg.Pool({ connectionString: server.url, max: 6 });
    try {
      const runs = Array.from({ length: 6 }, (_, c) =>
        (async () => {
          const params = Array.from({ length: c + 1 }, (_, i) => i + c * 10);
          const placeholders = params.map((_, i) => `$${i + 1}::int`).join(' + ');
          for (let n = 0; n < 40; n++) {
            const { rows } = await pool.query<{ v: number; c: number }>(`select (${placeholders})::int as v, ${c}::int as c`, params);
            expect(rows).toEqual([{ v: params.reduce((a, b) => a + b, 0), c }]);
          }
        })(),
      );
      await Promise.all(runs);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('isolates a transaction from other connections and rolls back a dropped connection\'s one', async () => {
    const a = new pg.Client({ connectionString: server.url });
    const b = new pg.Client({ connectionString: server.url });
    a.on('error', () => undefined);
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('create table t (n int)');
      await a.query('begin');
      await a.query('insert into t values (1)');
      // b waits for the backend while a's transaction is open; a then drops without committing.
      const read = b.query<{ n: number }>('select count(*)::int as n from t');
      await new Promise((r) => setTimeout(r, 100));
      (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      expect((await read).rows[0]?.n).toBe(0);
    } finally {
      await b.end();
      await a.end().catch(() => undefined);
    }
  });
});
