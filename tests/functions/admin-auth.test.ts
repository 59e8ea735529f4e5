import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { passwordFingerprint, SESSION_COOKIE } from '../../src/server/auth/session';
import { createSession, hashSessionToken, pruneSessions } from '../../src/server/auth/session-store';
import { getDb, setDb } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import contacts from '../../functions/contacts';
import login, { LOGIN_LIMIT, LOGIN_USER_LIMIT } from '../../functions/admin-login';
import logout from '../../functions/admin-logout';
import session from '../../functions/admin-session';

const PASSWORD = 'correct horse battery staple';
const SECRET = 'test-secret-'.padEnd(48, 'x');
let close: () => Promise<void>;
let env: Record<string, string>;

beforeAll(async () => {
  const testDb = await createTestDb();
  setDb(testDb.db);
  close = testDb.close;
  env = {
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    SESSION_SECRET: SECRET,
  };
});
afterAll(async () => {
  await close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The admin variables; a test that spends the per-user-name limit names its own admin. */
function configure(username = 'admin') {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  vi.stubEnv('ADMIN_USERNAME', username);
}

let ipCounter = 0;
/** Each test its own client address, so the login rate limit of one does not leak into another. */
function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function loginRequest(
  body: unknown,
  headers: Record<string, string> = {},
  url = 'http://localhost/api/auth/login',
) {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A login from `ip`, passed as Netlify passes it: `context.ip`. */
function loginAs(body: unknown, ip: string, url?: string) {
  return login(loginRequest(body, {}, url), { ip });
}

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

function cookieOf(res: Response): string {
  const setCookie = res.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

describe('POST /api/auth/login', () => {
  it('answers 503 when no credentials are configured (no default login)', async () => {
    vi.stubEnv('ADMIN_USERNAME', '');
    vi.stubEnv('ADMIN_PASSWORD_HASH', '');
    vi.stubEnv('SESSION_SECRET', '');
    const res = await loginAs({ username: 'admin', password: 'admin' }, freshIp());
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 401 "Invalid credentials" for a wrong password or user name, without a cookie', async () => {
    configure();
    const ip = freshIp();
    for (const body of [
      { username: 'admin', password: 'wrong' },
      { username: 'root', password: PASSWORD },
    ]) {
      const res = await loginAs(body, ip);
      expect(res.status).toBe(401);
      expect((await res.json()).error.message).toBe('Invalid credentials');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers 400 with field errors for missing fields', async () => {
    configure();
    const res = await loginAs({ username: '' }, freshIp());
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.error.details.fields).sort()).toEqual(['password', 'username']);
  });

  it('sets an HttpOnly SameSite=Strict session cookie with an expiry, for a session kept on the server', async () => {
    configure();
    const res = await loginAs({ username: 'admin', password: PASSWORD }, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ authenticated: true, username: 'admin' });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43};`));
    // Only a hash of the token is stored.
    const token = cookieOf(res).split('=')[1]!;
    const row = await getDb()
      .selectFrom('sessions' as never)
      .selectAll()
      .where('token_hash' as never, '=', hashSessionToken(token) as never)
      .executeTakeFirst();
    expect(row).toMatchObject({ kind: 'admin', subject: 'admin', revoked_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=28800');
    expect(setCookie).not.toContain('Secure');
  });

  it('marks the cookie Secure over https', async () => {
    configure();
    const res = await loginAs(
      { username: 'admin', password: PASSWORD },
      freshIp(),
      'https://example.com/api/auth/login',
    );
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it(`limits attempts to ${LOGIN_LIMIT.limit} per client per window`, async () => {
    configure('admin-per-client');
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMIT.limit; i++) {
      // Each guess names another user, so only the per-client limit applies.
      expect((await loginAs({ username: `someone-${i}`, password: `guess-${i}` }, ip)).status).toBe(401);
    }
    const limited = await loginAs({ username: 'admin-per-client', password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await loginAs({ username: 'admin-per-client', password: PASSWORD }, freshIp())).status).toBe(200);
  });

  it(`limits attempts to ${LOGIN_USER_LIMIT.limit} per user name per window, from any address`, async () => {
    configure('admin-per-name');
    // Guesses spread over many addresses, each under its own per-client limit.
    for (let i = 0; i < LOGIN_USER_LIMIT.limit; i++) {
      expect((await loginAs({ username: 'Admin-Per-Name ', password: `guess-${i}` }, freshIp())).status).toBe(
        401,
      );
    }
    const limited = await loginAs({ username: 'admin-per-name', password: PASSWORD }, freshIp());
    expect(limited.status).toBe(429);
    expect(errorCode(await limited.json())).toBe('RATE_LIMITED');
    expect(limited.headers.get('ratelimit-policy')).toMatch(/^"auth-login-user";q=10;w=900/);
    // Other user names are not affected.
    expect((await loginAs({ username: 'admin-other', password: 'x' }, freshIp())).status).toBe(401);
  });

  it('gives a successful login its per-user-name step back (the admin is not locked out by signing in)', async () => {
    configure('admin-often');
    for (let i = 0; i < LOGIN_USER_LIMIT.limit + 5; i++) {
      expect((await loginAs({ username: 'admin-often', password: PASSWORD }, freshIp())).status).toBe(200);
    }
  });

  it('cannot be dodged by rotating forwarding headers', async () => {
    configure('admin-rotating');
    const ip = freshIp();
    const statuses: number[] = [];
    // 60 guesses from one address, each claiming another client in X-Forwarded-For and x-nf-client-connection-ip.
    for (let i = 0; i < 60; i++) {
      const spoof = { 'x-forwarded-for': `203.0.113.${i}`, 'x-nf-client-connection-ip': `192.0.2.${i}` };
      statuses.push(
        (await login(loginRequest({ username: 'admin-rotating', password: `guess-${i}` }, spoof), { ip }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_LIMIT.limit);
  });

  it('honours X-Forwarded-For behind a configured trusted proxy', async () => {
    configure();
    vi.stubEnv('TRUST_PROXY', '1');
    const proxy = freshIp();
    for (let i = 0; i < LOGIN_LIMIT.limit + 1; i++) {
      const res = await login(
        loginRequest(
          { username: 'admin', password: PASSWORD },
          { 'x-forwarded-for': `203.0.113.${100 + i}` },
        ),
        { ip: proxy },
      );
      expect(res.status).toBe(200);
    }
  });

  it('refuses other methods', async () => {
    configure();
    expect((await login(new Request('http://localhost/api/auth/login'))).status).toBe(405);
  });
});

const sessionRequest = (cookie?: string) =>
  new Request('http://localhost/api/auth/session', cookie ? { headers: { cookie } } : {});

describe('GET /api/auth/session and POST /api/auth/logout', () => {
  it('reports logged out without a cookie, and logged in with the login cookie', async () => {
    configure();
    expect(await (await session(sessionRequest())).json()).toEqual({ authenticated: false });
    const res = await loginAs({ username: 'admin', password: PASSWORD }, freshIp());
    const body = await (await session(sessionRequest(cookieOf(res)))).json();
    expect(body).toMatchObject({ authenticated: true, username: 'admin' });
  });

  it('refuses unknown, malformed, expired and other-credential tokens', async () => {
    configure();
    const db = getDb();
    const credential = passwordFingerprint({
      username: 'admin',
      passwordHash: env['ADMIN_PASSWORD_HASH']!,
      sessionSecret: SECRET,
    });
    const expired = (
      await createSession(
        db,
        { kind: 'admin', subject: 'admin', credential, ttlMs: 1000 },
        Date.now() - 60_000,
      )
    ).token;
    const oldPassword = (
      await createSession(db, { kind: 'admin', subject: 'admin', credential: 'stale', ttlMs: 60_000 })
    ).token;
    const otherKind = (await createSession(db, { kind: 'user', subject: 'admin', credential, ttlMs: 60_000 }))
      .token;
    const valid = (await createSession(db, { kind: 'admin', subject: 'admin', credential, ttlMs: 60_000 }))
      .token;
    const unknown = 'A'.repeat(43);
    for (const token of [expired, oldPassword, otherKind, unknown, 'garbage', `${valid}x`, '%00']) {
      const body = await (await session(sessionRequest(`${SESSION_COOKIE}=${token}`))).json();
      expect(body.authenticated, token).toBe(false);
    }
    expect((await (await session(sessionRequest(`${SESSION_COOKIE}=${valid}`))).json()).authenticated).toBe(
      true,
    );
    // The user name changed in the configuration: the session ends.
    vi.stubEnv('ADMIN_USERNAME', 'root');
    expect((await (await session(sessionRequest(`${SESSION_COOKIE}=${valid}`))).json()).authenticated).toBe(
      false,
    );
  });

  it('does not reveal whether an admin login is configured', async () => {
    configure();
    const configured = await (await session(sessionRequest())).json();
    vi.stubEnv('ADMIN_USERNAME', '');
    const unconfigured = await (await session(sessionRequest())).json();
    expect(configured).toEqual({ authenticated: false });
    expect(unconfigured).toEqual(configured);
  });

  it('logout ends the session on the server: the old cookie no longer reads the contact list', async () => {
    configure();
    const cookie = cookieOf(await loginAs({ username: 'admin', password: PASSWORD }, freshIp()));
    const list = () => contacts(new Request('http://localhost/api/contacts', { headers: { cookie } }));
    expect((await list()).status).toBe(200);
    const res = await logout(
      new Request('http://localhost/api/auth/logout', {
        method: 'POST',
        headers: { cookie, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      }),
    );
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(setCookie).toContain('Max-Age=0');
    // The browser forgets the cookie; a copy of it is worthless too.
    expect((await list()).status).toBe(401);
    expect((await (await session(sessionRequest(cookie))).json()).authenticated).toBe(false);
  });

  it('logout without a session still clears the cookie', async () => {
    const res = await logout(new Request('http://localhost/api/auth/logout', { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('prunes expired sessions', async () => {
    configure();
    const db = getDb();
    await createSession(
      db,
      { kind: 'admin', subject: 'admin', credential: 'x', ttlMs: 1000 },
      Date.now() - 60_000,
    );
    expect(await pruneSessions(db)).toBeGreaterThan(0);
    expect(await pruneSessions(db)).toBe(0);
  });
});

describe('cross-site requests to cookie-authenticated endpoints', () => {
  const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

  it.each([
    ['a cross-site Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (sibling subdomain) Sec-Fetch-Site', { 'sec-fetch-site': 'same-site' }],
    ['another Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('refuses a logout with %s (403), leaving the session alive', async (_label, headers) => {
    configure();
    const cookie = cookieOf(await loginAs({ username: 'admin', password: PASSWORD }, freshIp()));
    const res = await logout(
      new Request('http://localhost/api/auth/logout', { method: 'POST', headers: { cookie, ...headers } }),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await (await session(sessionRequest(cookie))).json()).authenticated).toBe(true);
  });

  it('refuses a cross-site login and a cross-site contact list read', async () => {
    configure();
    const res = await login(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...crossSite },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    const cookie = cookieOf(await loginAs({ username: 'admin', password: PASSWORD }, freshIp()));
    expect(
      (await contacts(new Request('http://localhost/api/contacts', { headers: { cookie, ...crossSite } })))
        .status,
    ).toBe(403);
  });

  it('accepts same-origin requests, by Origin or by Host behind a proxy', async () => {
    configure();
    const same = await login(
      new Request('http://127.0.0.1:4321/api/auth/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:4321',
          host: 'localhost:4321',
          'sec-fetch-site': 'same-origin',
          'x-nf-client-connection-ip': freshIp(),
        },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }),
    );
    expect(same.status).toBe(200);
  });
});
