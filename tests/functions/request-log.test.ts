/**
 * The request log end to end: keyed calls through `runApiCall` are logged once answered (bodies
 * truncated, image URLs kept, no image bytes), `GET /api/account/requests` lists them for the
 * signed-in account only, filtered and paged, and the hourly prune bounds them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import accountRequests from '../../functions/account-requests';
import prune from '../../functions/prune-usage-events';
import { runApiCall } from '../../src/server/account/api-call';
import { createSession } from '../../src/server/auth/session-store';
import { getDb, seed, setDb } from '../../src/server/db';
import { defineHandler, readForm, readJson } from '../../src/server/http/handler';
import { insertRequestLog, pruneRequestLog } from '../../src/server/request-log/repository';
import { requestLogOperation } from '../../src/shared/contracts/account';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';
import { createTestDb, type TestDb } from '../support/test-db';

const DAY = 24 * 60 * 60 * 1000;
const API = 'image-object-detection';

/** A keyed endpoint like detect, without the model: JSON image URLs or an upload. */
const endpoint = defineHandler(['POST'], (req, ctx) =>
  runApiCall(getDb(), req, ctx, API, async () => {
    if ((req.headers.get('content-type') ?? '').startsWith('multipart/')) {
      const form = await readForm(req, 5_000_000);
      return { data: { fields: [...form.keys()] }, images: 1 };
    }
    const body = await readJson(req, z.looseObject({ image_urls: z.array(z.string()).min(1) }));
    return {
      data: { results: body.image_urls.map((url) => ({ url, ok: true })), heatmap: 'QUJD'.repeat(1000) },
      images: body.image_urls.length,
    };
  }),
);

let t: TestDb;
let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  t = await createTestDb();
  await seed(t.db);
  setDb(t.db);
  a = await createTestAccount(t.db);
  b = await createTestAccount(t.db);
});
afterAll(async () => {
  vi.restoreAllMocks();
  setDb(undefined);
  await t.close();
});

/** Calls the endpoint the way the runtime does, with `waitUntil`; resolves once the deferred work ran. */
async function callApi(account: TestAccount, init: RequestInit, path = '/api/v1/detect?mode=fast') {
  const deferred: Promise<unknown>[] = [];
  const res = await endpoint(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      ...init,
      headers: { ...bearer(account), ...(init.headers as Record<string, string>) },
    }),
    { ip: '198.51.100.7', waitUntil: (p) => deferred.push(p) },
  );
  await Promise.all(deferred);
  return res;
}

async function cookieOf(account: TestAccount): Promise<string> {
  const { token } = await createSession(getDb(), { kind: 'user', subject: account.userId, ttlMs: 60_000 });
  return `optiq_session=${token}`;
}

async function list(account: TestAccount, query = '') {
  const res = await accountRequests(
    new Request(`http://localhost/api/account/requests${query}`, {
      headers: { Cookie: await cookieOf(account) },
    }),
  );
  const body: unknown = await res.json();
  return { status: res.status, body };
}

async function page(account: TestAccount, query = '') {
  const { status, body } = await list(account, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return requestLogOperation.response.schema.parse(body);
}

describe('logging a keyed call', () => {
  it('stores the JSON body with its image URLs, base64 replaced, the answer cut to a few KB, never the key', async () => {
    const urls = ['https://images.example.com/kitchen-1.jpg', 'https://images.example.com/kitchen-2.jpg'];
    const res = await callApi(a, {
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'retry-1' },
      body: JSON.stringify({ image_urls: urls, category: 'kitchen', image_base64: 'QUJD'.repeat(5000) }),
    });
    expect(res.status).toBe(200);
    const [entry] = (await page(a)).requests;
    expect(entry).toMatchObject({
      api_id: API,
      method: 'POST',
      path: '/api/v1/detect?mode=fast',
      status: 200,
      images: 2,
      key: { id: a.keyId, name: 'test' },
    });
    expect(entry?.request.kind).toBe('json');
    expect(entry?.request.headers).toEqual({ 'idempotency-key': 'retry-1' });
    const sent = JSON.parse(entry?.request.body ?? '') as Record<string, unknown>;
    expect(sent['image_urls']).toEqual(urls);
    expect(sent['category']).toBe('kitchen');
    expect(sent['image_base64']).toBe('[base64, 20000 characters not stored]');
    expect(entry?.request.truncated).toBe(true);
    expect(entry?.response.body?.length).toBeLessThanOrEqual(4096);
    expect(entry?.response.body).toContain('"usage"');
    expect(entry?.response.body).not.toContain('QUJDQUJD');
    const raw = JSON.stringify(await t.db.selectFrom('request_log').selectAll().execute());
    expect(raw).not.toContain(a.key);
  });

  it('names an upload by field, filename, size and type without storing its bytes', async () => {
    const form = new FormData();
    const bytes = new Uint8Array(50_000).fill(0x5a);
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'kitchen.jpg');
    form.append('category', 'kitchen');
    expect((await callApi(a, { body: form })).status).toBe(200);
    const [entry] = (await page(a)).requests;
    expect(entry?.request.kind).toBe('multipart');
    expect(entry?.request.uploads).toEqual([
      { field: 'file', filename: 'kitchen.jpg', size: 50_000, type: 'image/jpeg' },
    ]);
    expect(JSON.parse(entry?.request.body ?? '')).toEqual({ category: 'kitchen' });
    const row = await t.db
      .selectFrom('request_log')
      .select((sql) => sql.fn<number>('octet_length', [sql.cast(sql.ref('request_body'), 'text')]).as('n'))
      .where('id', '=', entry?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBeLessThan(100);
  });

  it('logs refused and failed calls with the documented error body', async () => {
    const bad = await callApi(a, {
      headers: { 'Content-Type': 'application/json' },
      body: '{"image_urls": []}',
    });
    expect(bad.status).toBe(400);
    const [entry] = (await page(a, '?status=4xx')).requests;
    expect(entry?.status).toBe(400);
    expect(JSON.parse(entry?.response.body ?? '')).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    expect(entry?.request.body).toBe('{"image_urls":[]}');
  });

  it('never fails or holds the call when the log cannot be written', async () => {
    await t.db.schema.alterTable('request_log').renameTo('request_log_away').execute();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await callApi(a, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ image_urls: ['https://images.example.com/a.jpg'] }),
      });
      expect(res.status).toBe(200);
      expect(errors.mock.calls.some(([m]) => String(m).startsWith('request log: could not record'))).toBe(
        true,
      );
    } finally {
      errors.mockRestore();
      await t.db.schema.alterTable('request_log_away').renameTo('request_log').execute();
    }
  });
});

describe('GET /api/account/requests', () => {
  it('filters by API, key and status class, and pages newest first without gaps or repeats', async () => {
    const c = await createTestAccount(t.db);
    const base = Date.now() - 60_000;
    for (let i = 0; i < 23; i++) {
      await insertRequestLog(t.db, {
        userId: c.userId,
        keyId: i % 2 === 0 ? c.keyId : null,
        apiId: i % 3 === 0 ? 'image-classification' : API,
        method: 'POST',
        path: '/api/v1/x',
        status: i % 4 === 0 ? 503 : 200,
        durationMs: i,
        images: 1,
        // Two calls share each instant: the cursor must still order them.
        at: new Date(base + Math.floor(i / 2) * 1000),
        request: { kind: null, headers: {}, body: null, truncated: false, uploads: [] },
        response: null,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(c, `?limit=5${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...p.requests.map((r) => r.id));
      cursor = p.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const all = (await page(c, '?limit=100')).requests;
    expect(all.map((r) => r.id)).toEqual(seen);
    expect(all.map((r) => r.at)).toEqual([...all.map((r) => r.at)].sort().reverse());

    expect((await page(c, '?limit=100&api=image-classification')).requests).toHaveLength(8);
    expect((await page(c, `?limit=100&key=${c.keyId}`)).requests).toHaveLength(12);
    const failed = (await page(c, '?limit=100&status=5xx')).requests;
    expect(failed).toHaveLength(6);
    expect(failed.every((r) => r.status === 503)).toBe(true);
    expect((await page(c, '?limit=100&status=2xx')).requests).toHaveLength(17);
  });

  it('shows an account only its own calls, even filtered by another account key', async () => {
    await callApi(b, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ image_urls: ['https://images.example.com/b-only.jpg'] }),
    });
    const mine = (await page(a, '?limit=100')).requests;
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine)).not.toContain('b-only.jpg');
    expect((await page(a, `?key=${b.keyId}`)).requests).toEqual([]);
    expect((await page(b, '?limit=100')).requests.every((r) => r.key?.id === b.keyId)).toBe(true);
  });

  it('answers 400 for bad filters and a bad cursor, 401 signed out, 405 for other methods', async () => {
    for (const query of ['?status=3xx', '?key=nope', '?limit=0', '?limit=101', '?before=bm90LWEtY3Vyc29y']) {
      const { status, body } = await list(a, query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    }
    expect((await accountRequests(new Request('http://localhost/api/account/requests'))).status).toBe(401);
    expect(
      (await accountRequests(new Request('http://localhost/api/account/requests', { method: 'DELETE' })))
        .status,
    ).toBe(405);
  });
});

describe('pruning the request log', () => {
  it('deletes calls older than 30 days and, per account, beyond the newest rows allowed', async () => {
    const d = await createTestAccount(t.db);
    const e = await createTestAccount(t.db);
    const write = (userId: string, ageDays: number) =>
      insertRequestLog(t.db, {
        userId,
        keyId: null,
        apiId: API,
        method: 'POST',
        path: '/api/v1/detect',
        status: 200,
        durationMs: 1,
        images: 1,
        at: new Date(Date.now() - ageDays * DAY),
        request: { kind: null, headers: {}, body: null, truncated: false, uploads: [] },
        response: null,
      });
    await write(d.userId, 31);
    for (let i = 0; i < 5; i++) await write(d.userId, i / 10);
    for (let i = 0; i < 3; i++) await write(e.userId, i / 10);
    const report = await pruneRequestLog(t.db, { maxRows: 3 });
    expect(report.deleted).toBeGreaterThanOrEqual(3);
    const left = await t.db
      .selectFrom('request_log')
      .select(['user_id', 'at'])
      .where('user_id', 'in', [d.userId, e.userId])
      .orderBy('at', 'desc')
      .execute();
    expect(left.filter((r) => r.user_id === d.userId)).toHaveLength(3);
    expect(left.filter((r) => r.user_id === e.userId)).toHaveLength(3);
    // The newest three of d were kept.
    expect(Math.max(...left.map((r) => Date.now() - new Date(r.at).getTime()))).toBeLessThan(0.3 * DAY);
  });

  it('runs in the hourly prune-usage-events function', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await prune(new Request('http://localhost/'));
    expect(await res.json()).toMatchObject({ request_log_deleted: expect.any(Number) as number });
  });
});
