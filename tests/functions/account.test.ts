import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, seed, setDb } from '../../src/server/db';
import { createTestDb, type TestDb } from '../support/test-db';
import type { SessionTables } from '../../src/server/auth/session-store';
import { hashApiKey } from '../../src/server/account/api-key';
import { errorBodySchema } from '../../src/server/http/errors';
import {
  apiKeySummarySchema,
  accountResponseSchema,
  createdKeySchema,
  subscriptionSchema,
} from '../../src/shared/schemas/account';
import account from '../../functions/account';
import * as accountKeysFunction from '../../functions/account-keys';
import login from '../../functions/account-login';
import logout from '../../functions/account-logout';
import signup from '../../functions/account-signup';
import * as subscriptionsFunction from '../../functions/subscriptions';
import { routed } from '../support/routed';

const accountKeys = routed(accountKeysFunction);
const subscriptions = routed(subscriptionsFunction);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seed(t.db);
  setDb(t.db);
}, 60_000);
afterAll(async () => {
  await t.close();
});

let ip = 0;
type Fn = (req: Request, ctx?: { ip?: string }) => Promise<Response>;
function call(
  fn: Fn,
  method: string,
  path: string,
  {
    body,
    cookie,
    headers = {},
    base = 'http://localhost',
  }: { body?: unknown; cookie?: string; headers?: Record<string, string>; base?: string } = {},
) {
  ip += 1;
  const h: Record<string, string> = { ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  if (cookie) h['Cookie'] = cookie;
  return fn(
    new Request(`${base}${path}`, {
      method,
      headers: h,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
    { ip: `198.51.100.${ip % 250}` },
  );
}
const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error;
/** The `name=value` part of a Set-Cookie header. */
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

let n = 0;
async function newAccount() {
  n += 1;
  const creds = {
    username: `user${n}_${Date.now() % 1e6}`,
    email: `user${n}.${Date.now() % 1e6}@example.com`,
    password: 'correct horse battery',
  };
  const res = await call(signup, 'POST', '/api/account/signup', { body: creds });
  expect(res.status).toBe(201);
  return { ...creds, cookie: cookieOf(res), user: accountResponseSchema.parse(await res.json()).user };
}

describe('sign-up', () => {
  it('creates the account, signs it in with an HttpOnly SameSite=Strict cookie, and stores only a scrypt hash', async () => {
    const res = await call(signup, 'POST', '/api/account/signup', {
      body: { username: 'ada', email: 'Ada@Example.com', password: 'correct horse battery' },
    });
    expect(res.status).toBe(201);
    const { user } = accountResponseSchema.parse(await res.json());
    expect(user).toMatchObject({ username: 'ada', email: 'Ada@Example.com' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^optiq_session=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    // The readable signed-in hint rides along: no secret, same lifetime as the session.
    const hint = res.headers.getSetCookie()[1] ?? '';
    expect(hint).toBe('optiq_signed_in=1; Path=/; SameSite=Strict; Max-Age=604800');
    const row = await getDb()
      .selectFrom('users')
      .select('password')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain('correct horse');
    const me = await call(account, 'GET', '/api/account', { cookie: cookieOf(res) });
    expect(accountResponseSchema.parse(await me.json()).user.id).toBe(user.id);
  });

  it('marks the cookie Secure over https', async () => {
    const res = await call(signup, 'POST', '/api/account/signup', {
      base: 'https://optiq.example',
      body: { username: 'secure1', email: 'secure1@example.com', password: 'correct horse battery' },
    });
    expect(res.headers.get('set-cookie')).toContain('; Secure');
  });

  it.each([
    [{ username: 'ab', email: 'a@example.com', password: 'correct horse battery' }, 'username'],
    [{ username: 'has space', email: 'a@example.com', password: 'correct horse battery' }, 'username'],
    [{ username: 'okname', email: 'not-an-email', password: 'correct horse battery' }, 'email'],
    [{ username: 'okname', email: 'a@example.com', password: 'short' }, 'password'],
    [{ email: 'a@example.com', password: 'correct horse battery' }, 'username'],
    // 11 characters: the rule is 12.
    [{ username: 'okname', email: 'a@example.com', password: 'x7#Kq9!mZ2p' }, 'password'],
    // Long enough, but on the common-password lists (or a keyboard walk / the user's own name).
    [{ username: 'okname', email: 'a@example.com', password: 'password1234' }, 'password'],
    [{ username: 'okname', email: 'a@example.com', password: 'qwertyuiop123' }, 'password'],
    [{ username: 'okname', email: 'a@example.com', password: 'iloveyou1234' }, 'password'],
    [{ username: 'margaret77', email: 'a@example.com', password: 'margaret77margaret77' }, 'password'],
  ])('refuses %j with a field error on %s', async (body, field) => {
    const res = await call(signup, 'POST', '/api/account/signup', { body });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(Object.keys((error.details as { fields: object }).fields)).toContain(field);
  });

  it('says why a password is refused, in the field error', async () => {
    let error = await errorOf(
      await call(signup, 'POST', '/api/account/signup', {
        body: { username: 'okname', email: 'a@example.com', password: 'short pass' },
      }),
    );
    expect((error.details as { fields: Record<string, string[]> }).fields['password']).toEqual([
      'Password must be at least 12 characters',
    ]);
    error = await errorOf(
      await call(signup, 'POST', '/api/account/signup', {
        body: { username: 'okname', email: 'a@example.com', password: 'password1234' },
      }),
    );
    expect((error.details as { fields: Record<string, string[]> }).fields['password']?.[0]).toMatch(
      /^This password is too common/,
    );
  });

  it('refuses a taken username or email, in any case, with 409 naming the field', async () => {
    const a = await newAccount();
    const byName = await call(signup, 'POST', '/api/account/signup', {
      body: {
        username: a.username.toUpperCase(),
        email: 'fresh1@example.com',
        password: 'correct horse battery',
      },
    });
    expect(byName.status).toBe(409);
    const e1 = await errorOf(byName);
    expect(e1.code).toBe('CONFLICT');
    expect(Object.keys((e1.details as { fields: object }).fields)).toEqual(['username']);
    const byEmail = await call(signup, 'POST', '/api/account/signup', {
      body: { username: 'fresh2', email: a.email.toUpperCase(), password: 'correct horse battery' },
    });
    expect(byEmail.status).toBe(409);
    expect(Object.keys(((await errorOf(byEmail)).details as { fields: object }).fields)).toEqual(['email']);
  });

  it('refuses a cross-site sign-up', async () => {
    const res = await call(signup, 'POST', '/api/account/signup', {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: { username: 'victim', email: 'victim@example.com', password: 'correct horse battery' },
    });
    expect(res.status).toBe(403);
  });
});

describe('login and logout', () => {
  it('signs in with username or email, and answers one generic 401 otherwise', async () => {
    const a = await newAccount();
    for (const id of [a.username, a.email.toUpperCase()]) {
      const res = await call(login, 'POST', '/api/account/login', {
        body: { login: id, password: a.password },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^optiq_session=/);
    }
    const wrongPassword = await call(login, 'POST', '/api/account/login', {
      body: { login: a.username, password: 'wrong password!' },
    });
    const noSuchUser = await call(login, 'POST', '/api/account/login', {
      body: { login: 'nobody-here', password: 'wrong password!' },
    });
    expect([wrongPassword.status, noSuchUser.status]).toEqual([401, 401]);
    expect((await errorOf(wrongPassword)).message).toBe((await errorOf(noSuchUser)).message);
  });

  it('limits guesses per account identifier', async () => {
    const a = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await call(login, 'POST', '/api/account/login', {
            body: { login: a.username, password: `guess ${i} guess` },
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('logout revokes the session on the server: the old cookie no longer works', async () => {
    const a = await newAccount();
    expect((await call(account, 'GET', '/api/account', { cookie: a.cookie })).status).toBe(200);
    const out = await call(logout, 'POST', '/api/account/logout', { cookie: a.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^optiq_session=; .*Max-Age=0/);
    expect(out.headers.getSetCookie()[1]).toMatch(/^optiq_signed_in=; Path=\/; SameSite=Strict; Max-Age=0/);
    const me = await call(account, 'GET', '/api/account', { cookie: a.cookie });
    expect(me.status).toBe(401);
    const row = await getDb()
      .withTables<SessionTables>()
      .selectFrom('sessions')
      .select('revoked_at')
      .where('kind', '=', 'user')
      .where('subject', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('who-am-I without a session is 401', async () => {
    expect((await call(account, 'GET', '/api/account')).status).toBe(401);
    expect((await call(account, 'GET', '/api/account', { cookie: 'optiq_session=forged' })).status).toBe(401);
  });
});

describe('API keys', () => {
  it('shows a new key once in full, stores only its hash, lists it as prefix + last4, and revokes it', async () => {
    const a = await newAccount();
    const res = await call(accountKeys, 'POST', '/api/account/keys', {
      cookie: a.cookie,
      body: { name: 'production' },
    });
    expect(res.status).toBe(201);
    const created = createdKeySchema.parse(await res.json());
    expect(created.key).toMatch(/^optiq_live_[0-9A-Za-z]{38}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.key.endsWith(created.last4)).toBe(true);

    // The database holds no plain key, anywhere.
    const dump = await sql<{ t: string }>`select row_to_json(k)::text as t from api_keys k`.execute(getDb());
    expect(dump.rows.map((r) => r.t).join('\n')).not.toContain(created.key);
    expect(dump.rows.map((r) => r.t).join('\n')).not.toContain(created.key.slice(15, 43));
    const row = await getDb()
      .selectFrom('api_keys')
      .select('key_hash')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));

    await call(accountKeys, 'POST', '/api/account/keys', { cookie: a.cookie, body: { name: 'staging' } });
    const list = await call(accountKeys, 'GET', '/api/account/keys', { cookie: a.cookie });
    const text = await list.text();
    expect(text).not.toContain(created.key);
    const keys = (JSON.parse(text) as { keys: unknown[] }).keys.map((k) => apiKeySummarySchema.parse(k));
    expect(keys.map((k) => k.name)).toEqual(['staging', 'production']);

    const revoked = await call(accountKeys, 'DELETE', `/api/account/keys/${created.id}`, {
      cookie: a.cookie,
    });
    expect(revoked.status).toBe(200);
    expect(
      apiKeySummarySchema.parse(((await revoked.json()) as { key: unknown }).key).revoked_at,
    ).not.toBeNull();
  });

  it("cannot revoke another account's key, and needs a session", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const created = createdKeySchema.parse(
      await (
        await call(accountKeys, 'POST', '/api/account/keys', { cookie: a.cookie, body: { name: 'k' } })
      ).json(),
    );
    expect(
      (await call(accountKeys, 'DELETE', `/api/account/keys/${created.id}`, { cookie: b.cookie })).status,
    ).toBe(404);
    expect((await call(accountKeys, 'GET', '/api/account/keys')).status).toBe(401);
    expect((await call(accountKeys, 'POST', '/api/account/keys', { body: { name: 'x' } })).status).toBe(401);
    expect((await call(accountKeys, 'PUT', '/api/account/keys')).status).toBe(405);
  });
});

describe('subscriptions', () => {
  const sub = async (cookie: string, api_id: string, tier: string) =>
    call(subscriptions, 'POST', '/api/subscriptions', { cookie, body: { api_id, tier } });

  it('subscribes at a tier of the pricing content, changes tier on a second subscribe, and cancels', async () => {
    const a = await newAccount();
    const res = await sub(a.cookie, 'image-object-detection', 'testing');
    expect(res.status).toBe(201);
    const first = subscriptionSchema.parse(((await res.json()) as { subscription: unknown }).subscription);
    expect(first).toMatchObject({
      api_id: 'image-object-detection',
      tier: 'testing',
      tier_name: 'Testing',
      monthly_quota: 200,
      monthly_price: 19,
      is_active: true,
    });

    const changed = subscriptionSchema.parse(
      ((await (await sub(a.cookie, 'image-object-detection', 'Premium')).json()) as { subscription: unknown })
        .subscription,
    );
    expect(changed).toMatchObject({ id: first.id, tier: 'premium', monthly_quota: 5000 });

    const list = (await (
      await call(subscriptions, 'GET', '/api/subscriptions', { cookie: a.cookie })
    ).json()) as { subscriptions: unknown[] };
    expect(list.subscriptions).toHaveLength(1);

    const cancelled = await call(subscriptions, 'DELETE', `/api/subscriptions/${first.id}`, {
      cookie: a.cookie,
    });
    expect(
      subscriptionSchema.parse(((await cancelled.json()) as { subscription: unknown }).subscription),
    ).toMatchObject({ is_active: false });
    // A new subscription after cancelling is a new row.
    const again = subscriptionSchema.parse(
      (
        (await (await sub(a.cookie, 'image-object-detection', 'standard')).json()) as {
          subscription: unknown;
        }
      ).subscription,
    );
    expect(again.id).not.toBe(first.id);
    expect(again.monthly_quota).toBe(2000);
  });

  it('answers 409 CONFLICT to the tier the active subscription already has, changing nothing', async () => {
    const a = await newAccount();
    const first = subscriptionSchema.parse(
      ((await (await sub(a.cookie, 'image-object-detection', 'testing')).json()) as { subscription: unknown })
        .subscription,
    );
    // Tier ids are case-insensitive: `Testing` is the same tier again.
    const again = await sub(a.cookie, 'image-object-detection', 'Testing');
    expect(again.status).toBe(409);
    const error = await errorOf(again);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      'You are already subscribed to Image Object Detection on the Testing tier. Choose another tier to change it, or cancel it in your dashboard.',
    );
    expect(error.details).toMatchObject({ subscription_id: first.id, tier: 'testing' });
    const list = (await (
      await call(subscriptions, 'GET', '/api/subscriptions', { cookie: a.cookie })
    ).json()) as { subscriptions: unknown[] };
    expect(list.subscriptions.map((s) => subscriptionSchema.parse(s))).toEqual([first]);
  });

  it('gives every API a pay-per-use tier with no cap, beside the bundles of an API that has them', async () => {
    const a = await newAccount();
    const parse = async (res: Response) =>
      subscriptionSchema.parse(((await res.json()) as { subscription: unknown }).subscription);
    const s = await parse(await sub(a.cookie, 'photo-authenticity', 'pay-per-use'));
    expect(s).toMatchObject({
      tier: 'pay-per-use',
      tier_name: 'Pay per use',
      monthly_quota: null,
      monthly_price: null,
      price_per_request: 0.08,
    });
    // `standard`, the id pay per use had before, still means it for an API without bundles...
    const b = await newAccount();
    expect(await parse(await sub(b.cookie, 'photo-authenticity', 'standard'))).toMatchObject({
      tier: 'pay-per-use',
      monthly_quota: null,
    });
    // ...and the Standard bundle for one with them; object detection is also pay per use.
    const od = await parse(await sub(a.cookie, 'image-object-detection', 'standard'));
    expect(od).toMatchObject({ tier: 'standard', monthly_quota: 2000 });
    expect(await parse(await sub(a.cookie, 'image-object-detection', 'pay-per-use'))).toMatchObject({
      id: od.id,
      tier: 'pay-per-use',
      monthly_quota: null,
      monthly_price: null,
      price_per_request: 0.05,
    });
  });

  it('refuses the Custom tier, coming-soon APIs, unknown tiers and unknown APIs', async () => {
    const a = await newAccount();
    const custom = await sub(a.cookie, 'image-object-detection', 'custom');
    expect(custom.status).toBe(403);
    expect((await errorOf(custom)).message).toMatch(/contact sales/);
    // Every API of the catalogue is active: one is switched to coming soon for this check.
    const setFaces = (status: string) =>
      getDb().updateTable('apis').set({ status }).where('id', '=', 'facial-attribute-analysis').execute();
    await setFaces('coming_soon');
    try {
      const soon = await sub(a.cookie, 'facial-attribute-analysis', 'standard');
      expect(soon.status).toBe(403);
      expect((await errorOf(soon)).message).toMatch(/coming soon/);
    } finally {
      await setFaces('active');
    }
    expect((await sub(a.cookie, 'image-object-detection', 'gold')).status).toBe(400);
    expect((await sub(a.cookie, 'no-such-api', 'standard')).status).toBe(404);
    expect((await call(subscriptions, 'GET', '/api/subscriptions')).status).toBe(401);
  });
});
