/**
 * Usage alerts end to end: thresholds saved through `PUT /api/account/alerts` (validated, the
 * webhook URL under the batch callbacks' address rules), fired once per threshold and month as
 * keyed calls are metered, listed for the dashboard, and delivered to the webhook signed by the
 * queue task, retried by the queue after a failure.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import accountAlerts from '../../functions/account-alerts';
import { runApiCall } from '../../src/server/account/api-call';
import { ALERT_WEBHOOK_TASK } from '../../src/server/alerts/fire';
import { ALERT_EVENT_HEADER, deliverAlertWebhook } from '../../src/server/alerts/webhook';
import { createSession } from '../../src/server/auth/session-store';
import { SIGNATURE_HEADER, verifyCallback } from '../../src/server/batch/callback';
import { setQueueConfig } from '../../src/server/batch/queue';
import { drainBatchQueue } from '../../src/server/batch/worker';
import { getDb, seed, setDb } from '../../src/server/db';
import { defineHandler } from '../../src/server/http/handler';
import { saveAlertsOperation } from '../../src/shared/contracts/account';
import type { AlertSettingsRequest } from '../../src/shared/schemas/usage-alerts';
import { createBatchTestDb, type BatchTestDb } from '../support/batch-test-db';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';

const API = 'image-object-detection';
let t: BatchTestDb;

/** A webhook receiver: answers the scripted statuses in turn (then 200) and keeps what it got. */
const received: { body: string; headers: IncomingHttpHeaders }[] = [];
const script: number[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks).toString(), headers: req.headers });
    res.writeHead(script.shift() ?? 200).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  t = await createBatchTestDb();
  await seed(t.db);
  setDb(t.db);
  setQueueConfig(t.queue);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/optiq`;
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  setQueueConfig(undefined);
  setDb(undefined);
  receiver.close();
  await t.close();
});

/** A metered keyed call analysing one image, at `clock`. */
let clock = new Date();
const endpoint = defineHandler(['POST'], (req, ctx) =>
  runApiCall(getDb(), req, ctx, API, async () => ({ data: {}, images: 1 }), { now: () => clock }),
);
const callApi = (account: TestAccount) =>
  endpoint(new Request('http://localhost/api/v1/detect', { method: 'POST', headers: bearer(account) }));

async function cookieOf(account: TestAccount): Promise<string> {
  const { token } = await createSession(getDb(), { kind: 'user', subject: account.userId, ttlMs: 60_000 });
  return `optiq_session=${token}`;
}

async function alerts(account: TestAccount, body?: AlertSettingsRequest | string) {
  const res = await accountAlerts(
    new Request('http://localhost/api/account/alerts', {
      method: body === undefined ? 'GET' : 'PUT',
      headers: {
        Cookie: await cookieOf(account),
        Origin: 'http://localhost',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function saved(account: TestAccount, body?: AlertSettingsRequest) {
  const res = await alerts(account, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return saveAlertsOperation.response.schema.parse(res.body);
}

describe('PUT /api/account/alerts', () => {
  it('refuses bad thresholds, APIs and webhook URLs with a 400 naming the field', async () => {
    const a = await createTestAccount(t.db);
    const cases: [AlertSettingsRequest | string, string][] = [
      [
        { webhook_url: null, rules: [{ kind: 'quota_percent', api_id: API, threshold: 101 }] },
        'rules.0.threshold',
      ],
      [
        { webhook_url: null, rules: [{ kind: 'quota_percent', api_id: API, threshold: 0 }] },
        'rules.0.threshold',
      ],
      [
        { webhook_url: null, rules: [{ kind: 'quota_percent', api_id: null, threshold: 50 }] },
        'rules.0.api_id',
      ],
      [
        { webhook_url: null, rules: [{ kind: 'images', api_id: 'no-such-api', threshold: 5 }] },
        'rules.0.api_id',
      ],
      [{ webhook_url: 'ftp://hooks.example.com/x', rules: [] }, 'webhook_url'],
      [{ webhook_url: 'http://127.0.0.1/hook', rules: [] }, 'webhook_url'],
      [{ webhook_url: 'https://10.0.0.8/hook', rules: [] }, 'webhook_url'],
      [{ webhook_url: 'https://user:pw@hooks.example.com/x', rules: [] }, 'webhook_url'],
      [{ webhook_url: 'https://hooks.example.com:8443/x', rules: [] }, 'webhook_url'],
    ];
    for (const [body, field] of cases) {
      const res = await alerts(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({
        error: { code: 'INVALID_REQUEST', details: { fields: { [field]: expect.any(Array) as unknown } } },
      });
    }
    expect((await alerts(a, '{"rules": ')).status).toBe(400);
    const none = await accountAlerts(new Request('http://localhost/api/account/alerts'));
    expect(none.status).toBe(401);
    const crossSite = await accountAlerts(
      new Request('http://localhost/api/account/alerts', {
        method: 'PUT',
        headers: {
          Cookie: await cookieOf(a),
          Origin: 'https://evil.example',
          'Sec-Fetch-Site': 'cross-site',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ webhook_url: null, rules: [] }),
      }),
    );
    expect(crossSite.status).toBe(403);
    expect((await saved(a)).rules).toEqual([]);
  });

  it('saves thresholds and a public webhook, keeps the ids of rules kept, and a secret to check signatures', async () => {
    const a = await createTestAccount(t.db);
    const first = await saved(a, {
      webhook_url: 'https://hooks.example.com/optiq',
      rules: [
        { kind: 'quota_percent', api_id: API, threshold: 80 },
        { kind: 'images', api_id: null, threshold: 1000 },
      ],
    });
    expect(first.webhook_url).toBe('https://hooks.example.com/optiq');
    expect(first.webhook_secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const second = await saved(a, {
      webhook_url: null,
      rules: [
        { kind: 'quota_percent', api_id: API, threshold: 80 },
        { kind: 'quota_percent', api_id: API, threshold: 100 },
      ],
    });
    expect(second.webhook_url).toBeNull();
    expect(second.webhook_secret).toBe(first.webhook_secret);
    expect(second.rules.map((r) => r.threshold)).toEqual([80, 100]);
    expect(second.rules[0]?.id).toBe(first.rules.find((r) => r.threshold === 80)?.id);
    // Another account sees none of it.
    expect((await saved(await createTestAccount(t.db))).rules).toEqual([]);
  });
});

describe('firing', () => {
  it('fires each threshold once per billing month as usage is recorded, and again the next month', async () => {
    const a = await createTestAccount(t.db);
    await t.db
      .updateTable('subscriptions')
      .set({ monthly_quota: 10 })
      .where('id', '=', a.subscriptionId)
      .execute();
    await saved(a, {
      webhook_url: null,
      rules: [
        { kind: 'quota_percent', api_id: API, threshold: 50 },
        { kind: 'quota_percent', api_id: API, threshold: 80 },
        { kind: 'quota_percent', api_id: API, threshold: 100 },
        { kind: 'images', api_id: null, threshold: 3 },
      ],
    });
    clock = new Date(Date.UTC(2026, 10, 20, 12));
    const firedAfter: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await callApi(a);
      expect(res.status).toBe(i <= 10 ? 200 : 429);
      firedAfter.push((await saved(a)).fired.length);
    }
    // images >= 3 at call 3, 50% (5 of 10) at 5, 80% at 8, 100% at 10; nothing twice.
    expect(firedAfter).toEqual([0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4]);
    const { fired } = await saved(a);
    expect(fired.map((f) => [f.kind, f.threshold, f.used, f.limit])).toEqual([
      ['quota_percent', 100, 10, 10],
      ['quota_percent', 80, 8, 8],
      ['quota_percent', 50, 5, 5],
      ['images', 3, 3, 3],
    ]);
    expect(fired.every((f) => f.period === '2026-11-01' && f.webhook_status === null)).toBe(true);

    clock = new Date(Date.UTC(2026, 11, 2, 12));
    for (let i = 0; i < 3; i++) await callApi(a);
    const december = (await saved(a)).fired.filter((f) => f.period === '2026-12-01');
    expect(december.map((f) => f.threshold)).toEqual([3]);
    clock = new Date();
  });
});

describe('the webhook', () => {
  it('is queued when an alert fires, signed like batch callbacks, and retried by the queue after a failure', async () => {
    const a = await createTestAccount(t.db);
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
    const { webhook_secret: secret } = await saved(a, {
      webhook_url: receiverUrl,
      rules: [{ kind: 'images', api_id: API, threshold: 1 }],
    });
    vi.unstubAllEnvs();
    received.length = 0;
    script.push(500);
    clock = new Date();
    expect((await callApi(a)).status).toBe(200);
    const [event] = (await saved(a)).fired;
    expect(event?.webhook_status).toBe('pending');
    const jobs = await sql<{ identifier: string; max_attempts: number }>`
      select t.identifier, j.max_attempts from ${sql.id(t.queue.schema, '_private_jobs')} j
      join ${sql.id(t.queue.schema, '_private_tasks')} t on t.id = j.task_id
      where j.key = ${`alert:${event?.id}`}`.execute(t.db);
    expect(jobs.rows).toEqual([{ identifier: ALERT_WEBHOOK_TASK, max_attempts: 8 }]);

    const drain = () => drainBatchQueue({ db: t.db, queue: t.queue, fetch: { allowLoopback: true } });
    const queueErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queueWarnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await drain();
    expect(received).toHaveLength(1);
    expect((await saved(a)).fired[0]?.webhook_status).toBe('pending');
    // The queue's backoff: the entry waits; bring its time forward as if it had passed.
    await sql`update ${sql.id(t.queue.schema, '_private_jobs')} set run_at = now() where key = ${`alert:${event?.id}`}`.execute(
      t.db,
    );
    await drain();
    queueErrors.mockRestore();
    queueWarnings.mockRestore();
    expect(received).toHaveLength(2);
    expect((await saved(a)).fired[0]?.webhook_status).toBe('delivered');
    for (const { body, headers } of received) {
      expect(verifyCallback(body, String(headers[SIGNATURE_HEADER.toLowerCase()]), secret ?? '')).toBe(true);
      expect(verifyCallback(body, String(headers[SIGNATURE_HEADER.toLowerCase()]), 'whsec_wrong')).toBe(
        false,
      );
      expect(headers[ALERT_EVENT_HEADER.toLowerCase()]).toBe(event?.id);
      expect(JSON.parse(body)).toMatchObject({
        type: 'usage_alert.fired',
        id: event?.id,
        alert: { kind: 'images', api_id: API, threshold: 1 },
        used: 1,
        limit: 1,
      });
    }
    const row = await t.db
      .selectFrom('usage_alert_events')
      .select('webhook_attempts')
      .where('id', '=', event?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.webhook_attempts).toBe(2);
  });

  it('is not retried to an address the rules refuse, fails without an installed queue, and is marked failed after the last attempt', async () => {
    const a = await createTestAccount(t.db);
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
    await saved(a, { webhook_url: receiverUrl, rules: [{ kind: 'images', api_id: null, threshold: 1 }] });
    vi.unstubAllEnvs();
    await callApi(a);
    const [event] = (await saved(a)).fired;
    const id = event?.id ?? '';
    // Without the loopback opt-in the worker refuses the address: failed, nothing thrown.
    await deliverAlertWebhook({ db: t.db }, { event_id: id });
    expect((await saved(a)).fired[0]?.webhook_status).toBe('failed');

    // A queue whose schema was never installed: the delivery is marked failed, the call still answers.
    const b = await createTestAccount(t.db);
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
    await saved(b, { webhook_url: receiverUrl, rules: [{ kind: 'images', api_id: null, threshold: 1 }] });
    vi.unstubAllEnvs();
    setQueueConfig({ ...t.queue, schema: 'no_queue_here' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await callApi(b)).status).toBe(200);
    } finally {
      setQueueConfig(t.queue);
      errors.mockRestore();
    }
    expect((await saved(b)).fired[0]?.webhook_status).toBe('failed');
    await t.db
      .updateTable('usage_alert_events')
      .set({ webhook_status: 'pending' })
      .where('id', '=', id)
      .execute();
    script.push(503);
    await expect(
      deliverAlertWebhook({ db: t.db, fetch: { allowLoopback: true } }, { event_id: id }, true),
    ).rejects.toThrow(/answered 503/);
    expect((await saved(a)).fired[0]?.webhook_status).toBe('failed');
  });
});
