import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { passwordFingerprint, SESSION_COOKIE } from '../../src/server/auth/session';
import { createSession, revokeSession } from '../../src/server/auth/session-store';
import { setDb, type Database } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import contacts, { contactRateLimit } from '../../functions/contacts';

const SECRET = 'contacts-test-secret-'.padEnd(48, 'z');
let db: Kysely<Database>;
let close: () => Promise<void>;
let passwordHash: string;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  setDb(db);
  passwordHash = await hashPassword('correct horse battery staple', { N: 1024, r: 8, p: 1 });
});
afterAll(async () => {
  await close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function configure() {
  vi.stubEnv('ADMIN_USERNAME', 'admin');
  vi.stubEnv('ADMIN_PASSWORD_HASH', passwordHash);
  vi.stubEnv('SESSION_SECRET', SECRET);
}

let ip = 0;
function post(body: unknown, clientIp = `192.0.2.${++ip}`) {
  return contacts(
    new Request('http://localhost/api/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': clientIp },
      body: JSON.stringify(body),
    }),
    { ip: clientIp },
  );
}
const valid = { name: 'Ada', email: 'ada@example.com', message: 'Hello', pageName: 'Home' };
const count = async () =>
  Number(
    (
      await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/contacts abuse protection', () => {
  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = await count();
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ name: 'Ada', email: 'ada@example.com', message: 'Hello', pageName: 'Home' });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count()).toBe(before);
    // An empty honeypot is a person: stored.
    expect((await post({ ...valid, website: '' })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('answers 429 with Retry-After after 5 requests per client in 10 minutes', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < 5; i++) expect((await post(valid, client)).status).toBe(201);
    const res = await post(valid, client);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await res.json()).error.code).toBe('RATE_LIMITED');
    // Bots hitting the honeypot are limited too, and other clients are not affected.
    expect((await post({ ...valid, website: 'x' }, client)).status).toBe(429);
    expect((await post(valid, '203.0.113.51')).status).toBe(201);
  });

  it('lets CONTACT_RATE_LIMIT raise the limit', () => {
    expect(contactRateLimit({}).limit).toBe(5);
    expect(contactRateLimit({ CONTACT_RATE_LIMIT: '50' }).limit).toBe(50);
    expect(contactRateLimit({ CONTACT_RATE_LIMIT: 'lots' }).limit).toBe(5);
  });
});

describe('GET /api/contacts', () => {
  const get = (cookie?: string) =>
    contacts(new Request('http://localhost/api/contacts', cookie ? { headers: { cookie } } : {}));

  it('answers 401 without a session', async () => {
    configure();
    const res = await get();
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for unknown, expired and revoked sessions, and when admin is not configured', async () => {
    configure();
    const credential = passwordFingerprint({ username: 'admin', passwordHash, sessionSecret: SECRET });
    const valid = (await createSession(db, { kind: 'admin', subject: 'admin', credential, ttlMs: 60_000 }))
      .token;
    const expired = (
      await createSession(
        db,
        { kind: 'admin', subject: 'admin', credential, ttlMs: 1_000 },
        Date.now() - 60_000,
      )
    ).token;
    const revoked = (await createSession(db, { kind: 'admin', subject: 'admin', credential, ttlMs: 60_000 }))
      .token;
    await revokeSession(db, revoked);
    const tampered = valid.replace(/^./, (c: string) => (c === 'e' ? 'f' : 'e'));
    for (const token of [expired, revoked, tampered, 'x'.repeat(43)])
      expect((await get(`${SESSION_COOKIE}=${token}`)).status).toBe(401);
    expect((await get(`${SESSION_COOKIE}=${valid}`)).status).toBe(200);
    vi.stubEnv('ADMIN_USERNAME', '');
    expect((await get(`${SESSION_COOKIE}=${valid}`)).status).toBe(401);
  });

  it('answers 200 with the list for a real session', async () => {
    configure();
    const credential = passwordFingerprint({ username: 'admin', passwordHash, sessionSecret: SECRET });
    const { token } = await createSession(db, { kind: 'admin', subject: 'admin', credential, ttlMs: 60_000 });
    const res = await get(`${SESSION_COOKIE}=${token}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({ name: 'Ada', pageName: 'Home' });
  });
});
