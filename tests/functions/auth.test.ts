import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { createSession, SESSION_COOKIE, signSession } from '../../src/server/auth/session';
import { createTestDb, setDb } from '../../src/server/db';
import login, { LOGIN_LIMIT } from '../../functions/auth-login';
import logout from '../../functions/auth-logout';
import session from '../../functions/auth-session';

const PASSWORD = 'correct horse battery staple';
const SECRET = 'test-secret-'.padEnd(48, 'x');
let close: () => Promise<void>;
let env: Record<string, string>;

beforeAll(async () => {
  const testDb = await createTestDb();
  setDb(testDb.db);
  close = testDb.close;
  env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }), SESSION_SECRET: SECRET };
});
afterAll(async () => {
  await close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function configure() {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
}

let ipCounter = 0;
/** Each test its own client address, so the login rate limit of one does not leak into another. */
function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function loginRequest(body: unknown, headers: Record<string, string> = {}, url = 'http://localhost/api/auth/login') {
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
    for (const body of [{ username: 'admin', password: 'wrong' }, { username: 'root', password: PASSWORD }]) {
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

  it('sets a signed HttpOnly SameSite=Strict session cookie with an expiry', async () => {
    configure();
    const res = await loginAs({ username: 'admin', password: PASSWORD }, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ authenticated: true, username: 'admin' });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+\\.[\\w-]+;`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=28800');
    expect(setCookie).not.toContain('Secure');
  });

  it('marks the cookie Secure over https', async () => {
    configure();
    const res = await loginAs({ username: 'admin', password: PASSWORD }, freshIp(), 'https://example.com/api/auth/login');
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });

  it(`limits attempts to ${LOGIN_LIMIT.limit} per client per window`, async () => {
    configure();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMIT.limit; i++) {
      expect((await loginAs({ username: 'admin', password: `guess-${i}` }, ip)).status).toBe(401);
    }
    const limited = await loginAs({ username: 'admin', password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await loginAs({ username: 'admin', password: PASSWORD }, freshIp())).status).toBe(200);
  });

  it('cannot be dodged by rotating forwarding headers', async () => {
    configure();
    const ip = freshIp();
    const statuses: number[] = [];
    // 60 guesses from one address, each claiming another client in X-Forwarded-For and x-nf-client-connection-ip.
    for (let i = 0; i < 60; i++) {
      const spoof = { 'x-forwarded-for': `203.0.113.${i}`, 'x-nf-client-connection-ip': `192.0.2.${i}` };
      statuses.push((await login(loginRequest({ username: 'admin', password: `guess-${i}` }, spoof), { ip })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_LIMIT.limit);
  });

  it('honours X-Forwarded-For behind a configured trusted proxy', async () => {
    configure();
    vi.stubEnv('TRUST_PROXY', '1');
    const proxy = freshIp();
    for (let i = 0; i < LOGIN_LIMIT.limit + 1; i++) {
      const res = await login(loginRequest({ username: 'admin', password: PASSWORD }, { 'x-forwarded-for': `203.0.113.${100 + i}` }), { ip: proxy });
      expect(res.status).toBe(200);
    }
  });

  it('refuses other methods', async () => {
    configure();
    expect((await login(new Request('http://localhost/api/auth/login'))).status).toBe(405);
  });
});

describe('GET /api/auth/session and POST /api/auth/logout', () => {
  const sessionRequest = (cookie?: string) =>
    new Request('http://localhost/api/auth/session', cookie ? { headers: { cookie } } : {});

  it('reports logged out without a cookie, and logged in with the login cookie', async () => {
    configure();
    expect(await (await session(sessionRequest())).json()).toEqual({ authenticated: false, configured: true });
    const res = await loginAs({ username: 'admin', password: PASSWORD }, freshIp());
    const body = await (await session(sessionRequest(cookieOf(res)))).json();
    expect(body).toMatchObject({ authenticated: true, username: 'admin' });
  });

  it('refuses forged, tampered and expired cookies', async () => {
    configure();
    const config = { username: 'admin', passwordHash: env['ADMIN_PASSWORD_HASH']!, sessionSecret: SECRET };
    const forged = signSession({ sub: 'admin', iat: Date.now(), exp: Date.now() + 1000, pwd: 'x' }, 'another-secret-'.padEnd(40, 'y'));
    const expired = createSession(config, Date.now() - 9 * 60 * 60 * 1000).token;
    const valid = createSession(config).token;
    const tampered = `${valid.slice(0, 5)}${valid[5] === 'A' ? 'B' : 'A'}${valid.slice(6)}`;
    for (const token of [forged, expired, tampered, 'garbage']) {
      const body = await (await session(sessionRequest(`${SESSION_COOKIE}=${token}`))).json();
      expect(body.authenticated).toBe(false);
    }
    expect((await (await session(sessionRequest(`${SESSION_COOKIE}=${valid}`))).json()).authenticated).toBe(true);
  });

  it('reports an unconfigured server', async () => {
    vi.stubEnv('ADMIN_USERNAME', '');
    expect(await (await session(sessionRequest())).json()).toEqual({ authenticated: false, configured: false });
  });

  it('logout clears the cookie', async () => {
    const res = await logout(new Request('http://localhost/api/auth/logout', { method: 'POST' }));
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(setCookie).toContain('Max-Age=0');
  });
});
