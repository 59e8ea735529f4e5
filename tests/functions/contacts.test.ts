import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDb } from '../../src/server/db';
import { createTestDb, type TestDb } from '../support/test-db';
import contacts from '../../functions/contacts';

let t: TestDb;
beforeAll(async () => {
  // These tests are about validation and storage, not the per-client limit (tested with it).
  vi.stubEnv('CONTACT_RATE_LIMIT', '10000');
  t = await createTestDb();
  setDb(t.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  setDb(undefined);
  await t.close();
});

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need room detection.',
  pageName: 'Pricing',
};

function post(
  body: BodyInit | null,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return new Request('http://localhost/api/contacts', { method: 'POST', headers, body });
}

async function errorOf(res: Response) {
  const body = await res.json();
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
  return body.error as {
    code: string;
    message: string;
    details: { fields?: Record<string, string[]> } | null;
  };
}

describe('POST /api/contacts', () => {
  it('stores the submission and answers 201 with it', async () => {
    const res = await contacts(post(JSON.stringify({ ...valid, name: '  Ada Lovelace  ' })));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const body = await res.json();
    expect(body).toEqual({
      ...valid,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const row = await t.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: valid.email,
      message: valid.message,
      page_name: 'Pricing',
    });
    expect(row.created_at.toISOString()).toBe(body.createdAt);
  });

  it('answers 400 INVALID_REQUEST with a message per missing field', async () => {
    const res = await contacts(post('{}'));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details?.fields).toEqual({
      name: ['Please enter your name'],
      email: ['Please enter a valid email address'],
      message: ['Please tell us how we can help'],
      pageName: ['The page name is missing'],
    });
  });

  it('rejects blank, badly typed, invalid and too long fields with field errors', async () => {
    const res = await contacts(
      post(JSON.stringify({ name: '   ', email: 'not-an-email', message: 'x'.repeat(5001), pageName: 7 })),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details?.fields).toEqual({
      name: ['Please enter your name'],
      email: ['Please enter a valid email address'],
      message: ['Please keep your message to 5,000 characters or fewer'],
      pageName: ['The page name is missing'],
    });
    const long = await contacts(
      post(
        JSON.stringify({
          ...valid,
          name: 'n'.repeat(101),
          pageName: 'p'.repeat(101),
          email: `${'a'.repeat(250)}@x.io`,
        }),
      ),
    );
    expect((await errorOf(long)).details?.fields).toEqual({
      name: ['Please keep your name to 100 characters or fewer'],
      email: ['Please keep your email address to 254 characters or fewer'],
      pageName: ['The page name must be 100 characters or fewer'],
    });
  });

  it('answers 400 INVALID_JSON for a malformed body and for a non-object', async () => {
    const res = await contacts(post('{"name": '));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('INVALID_JSON');
    const arr = await contacts(post('[]'));
    expect(arr.status).toBe(400);
    expect((await errorOf(arr)).code).toBe('INVALID_REQUEST');
  });

  it('answers 415 for another content type', async () => {
    const res = await contacts(post(JSON.stringify(valid), { 'content-type': 'text/plain' }));
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for a body over 16 KB, declared or streamed', async () => {
    const big = JSON.stringify({ ...valid, message: 'x'.repeat(17 * 1024) });
    const res = await contacts(post(big));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
    const declared = await contacts(
      post(JSON.stringify(valid), { 'content-type': 'application/json', 'content-length': String(20_000) }),
    );
    expect(declared.status).toBe(413);
  });

  it('stores nothing for a rejected request', async () => {
    const before = await t.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await contacts(post(JSON.stringify({ ...valid, email: 'bad' })));
    const after = await t.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers an unreachable database with 503 and never leaks internals', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    setDb(undefined);
    const broken = (await import('../../src/server/db')).createDb({
      kind: 'postgres',
      url: 'postgres://nobody:secret@127.0.0.1:1/none',
    });
    setDb(broken);
    try {
      const res = await contacts(post(JSON.stringify(valid)));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const text = await res.text();
      expect(text).not.toMatch(/secret|ECONNREFUSED|127\.0\.0\.1/);
      expect(JSON.parse(text).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await broken.destroy();
      setDb(t.db);
      spy.mockRestore();
    }
  });
});

describe('other methods', () => {
  it('answers 405 with Allow', async () => {
    const res = await contacts(new Request('http://localhost/api/contacts', { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});

describe('GET /api/contacts', () => {
  it('answers 401 UNAUTHORIZED without an admin session', async () => {
    const res = await contacts(new Request('http://localhost/api/contacts'));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHORIZED');
  });
});
