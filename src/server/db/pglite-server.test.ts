import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsIn, servePglite, type PgliteServer } from './pglite-server';

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
            const { rows } = await pool.query<{ v: number; c: number }>(
              `select (${placeholders})::int as v, ${c}::int as c`,
              params,
            );
            expect(rows).toEqual([{ v: params.reduce((a, b) => a + b, 0), c }]);
          }
        })(),
      );
      await Promise.all(runs);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it("isolates a transaction from other connections and rolls back a dropped connection's one", async () => {
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

  it('delivers a NOTIFY committed on one connection to the connections that LISTEN on its channel', async () => {
    const listener = new pg.Client({ connectionString: server.url });
    const other = new pg.Client({ connectionString: server.url });
    const sender = new pg.Client({ connectionString: server.url });
    await Promise.all([listener.connect(), other.connect(), sender.connect()]);
    try {
      const heard: { channel: string; payload: string | undefined }[] = [];
      const otherHeard: unknown[] = [];
      listener.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload }));
      other.on('notification', (n) => otherHeard.push(n));
      await listener.query('LISTEN "jobs:insert"');
      await sender.query('begin');
      await sender.query(`select pg_notify('jobs:insert', '{"count":3}')`);
      expect(heard).toEqual([]); // not before the commit
      await sender.query('commit');
      await sender.query(`notify "jobs:insert", 'two'`);
      for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual([
        { channel: 'jobs:insert', payload: '{"count":3}' },
        { channel: 'jobs:insert', payload: 'two' },
      ]);
      // A connection that never ran LISTEN is not sent notifications.
      expect(otherHeard).toEqual([]);
      // After UNLISTEN the backend stops producing them.
      await listener.query('UNLISTEN "jobs:insert"');
      await sender.query(`notify "jobs:insert", 'three'`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toHaveLength(2);
    } finally {
      await Promise.all([listener.end(), other.end(), sender.end()]);
    }
  });
});

describe('notificationsIn', () => {
  it('picks whole NotificationResponse messages out of backend output and stops at a cut one', () => {
    const message = (type: string, body: number[]) => [type.charCodeAt(0), 0, 0, 0, body.length + 4, ...body];
    const a = message('A', [0, 0, 0, 7, 120, 0, 121, 0]);
    const output = new Uint8Array([...message('C', [83, 0]), ...a, ...message('Z', [73]), ...a.slice(0, 6)]);
    expect(notificationsIn(output).map((m) => [...m])).toEqual([a]);
  });
});

describe('servePglite authentication', () => {
  const withPassword = (password: string) => {
    const url = new URL(server.url);
    url.password = password;
    return url.href;
  };

  it('needs the random password of this start: none, a wrong one or the old default is refused', async () => {
    const url = new URL(server.url);
    expect(url.password.length).toBeGreaterThanOrEqual(32);
    expect(url.password).not.toBe('postgres');
    for (const password of ['', 'postgres', 'x'.repeat(url.password.length)]) {
      const client = new pg.Client({ connectionString: withPassword(password) });
      client.on('error', () => undefined);
      await expect(client.connect(), `password "${password}"`).rejects.toThrow(
        /password authentication failed|password/i,
      );
      await client.end().catch(() => undefined);
    }
  });

  it('serves the process own pools, which connect with the URL it gives', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('gives every start its own password', async () => {
    const second = await servePglite('memory://');
    try {
      expect(new URL(second.url).password).not.toBe(new URL(server.url).password);
      const client = new pg.Client({
        connectionString: withPassword(new URL(server.url).password).replace(
          /:\d+\//,
          `:${new URL(second.url).port}/`,
        ),
      });
      client.on('error', () => undefined);
      await expect(client.connect()).rejects.toThrow();
      await client.end().catch(() => undefined);
    } finally {
      await second.close();
    }
  });
});
