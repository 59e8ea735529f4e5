/**
 * Neon's driver itself, as the application uses it: every test database of this suite goes
 * through it (and the proxy), values come back as `pg` gives them, and transactions commit
 * and roll back.
 */
import { Pool } from '@neondatabase/serverless';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { neonTestProxy } from './setup';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("the test databases on Neon's driver", () => {
  it('send their queries through the WebSocket proxy', async () => {
    expect(t.driver).toBe('neon');
    const proxy = neonTestProxy();
    // The migration has opened connections through the proxy already.
    expect(proxy.opened).toBeGreaterThan(0);
    const { rows } = await sql<{ path: string }>`select current_setting('search_path') as path`.execute(t.db);
    expect(rows[0]?.path).toMatch(/^test_[a-z0-9_]+,public$/);
    // Connections idle in the pool that drop (Neon closes them when its compute suspends) are
    // discarded by the pool: the next query opens a fresh one.
    const before = proxy.opened;
    proxy.dropConnections();
    await new Promise((r) => setTimeout(r, 100));
    await sql`select 1`.execute(t.db);
    expect(proxy.opened).toBe(before + 1);
  });

  it('read values as pg does: bigint and numeric as strings, timestamps as Dates, jsonb parsed, arrays', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740993::int8 as big, 42::int4 as small, 1.50::numeric as price, true as yes,
             timestamptz '2026-01-02 03:04:05+00' as at, '{"a":[1,"x"]}'::jsonb as doc,
             array['a','b']::text[] as tags, null::text as nothing, '\\x0102'::bytea as bytes`.execute(t.db);
    const row = rows[0]!;
    expect(row['big']).toBe('9007199254740993');
    expect(row['small']).toBe(42);
    expect(row['price']).toBe('1.50');
    expect(row['yes']).toBe(true);
    expect(row['at']).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(row['doc']).toEqual({ a: [1, 'x'] });
    expect(row['tags']).toEqual(['a', 'b']);
    expect(row['nothing']).toBeNull();
    expect(Buffer.from(row['bytes'] as Uint8Array)).toEqual(Buffer.from([1, 2]));
  });

  it('commits a transaction, and rolls back one that throws', async () => {
    const contact = (name: string) => ({
      name,
      email: `${name.toLowerCase()}@example.com`,
      message: 'hi',
      page_name: 'Home',
    });
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('contacts').values(contact('Kept')).execute();
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('contacts').values(contact('Lost')).execute();
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    const names = await t.db.selectFrom('contacts').select('name').orderBy('name').execute();
    expect(names.map((r) => r.name)).toEqual(['Kept']);
  });

  it('reports a failed statement with its SQLSTATE, and the connection stays usable', async () => {
    await expect(sql`select * from no_such_table`.execute(t.db)).rejects.toMatchObject({ code: '42P01' });
    const { rows } = await sql<{ n: number }>`select 1 as n`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('cannot reach an address the proxy was not started with (no open relay), which reads as unavailable', async () => {
    const pool = new Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/postgres',
      connectionTimeoutMillis: 2_000,
    });
    try {
      const error: unknown = await pool.query('select 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      // The WebSocket's own error event, not an Error: the shape the 503 mapping must know.
      expect(error).toBeDefined();
      expect(error).not.toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
