import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import prune, { config } from '../../functions/prune-usage-events';
import { createTestAccount, type TestAccount } from '../support/test-account';
import { billingPeriod, getUsage } from '../../src/server/account/usage';
import { seed, setDb } from '../../src/server/db';
import { createTestDb, type TestDb } from '../support/test-db';
import { routesOf } from '../../src/local/function-routes';

const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
let account: TestAccount;
beforeAll(async () => {
  t = await createTestDb();
  await seed(t.db);
  setDb(t.db);
  account = await createTestAccount(t.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  setDb(undefined);
  await t.close();
});

async function eventAged(days: number): Promise<string> {
  const row = await t.db
    .insertInto('usage_events')
    .values({
      user_id: account.userId,
      key_id: account.keyId,
      api_id: 'image-object-detection',
      method: 'POST',
      endpoint: '/api/v1/detect',
      status: 200,
      images: 1,
      duration_ms: 5,
      at: new Date(Date.now() - days * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

describe('prune-usage-events (scheduled)', () => {
  it('runs hourly and is never routed as an HTTP endpoint', () => {
    expect(config).toEqual({ schedule: '@hourly' });
    expect(routesOf(resolve('functions/prune-usage-events.ts'), { config })).toEqual([]);
  });

  it('deletes usage events past USAGE_RETENTION_DAYS and keeps the rest, the monthly counters and the recent calls', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const period = billingPeriod(new Date());
    await t.db
      .insertInto('usage_monthly')
      .values({
        user_id: account.userId,
        api_id: 'image-object-detection',
        period: period.key,
        requests: 7,
        images: 9,
      })
      .execute();
    const before = await getUsage(t.db, account.userId);

    vi.stubEnv('USAGE_RETENTION_DAYS', '30');
    await eventAged(31);
    await eventAged(400);
    const kept = await eventAged(29);
    const today = await eventAged(0);
    // Netlify invokes a scheduled function with a POST carrying the next run time.
    const res = await prune(
      new Request('http://localhost/.netlify/functions/prune-usage-events', {
        method: 'POST',
        body: '{"next_run":"2026-11-23T03:00:00Z"}',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: 2, retention_days: 30 });
    const left = await t.db.selectFrom('usage_events').select('id').orderBy('id').execute();
    expect(left.map((r) => String(r.id))).toEqual([kept, today]);

    const after = await getUsage(t.db, account.userId);
    expect(after.apis).toEqual(before.apis);
    expect(after.apis[0]).toMatchObject({ requests: 7, images: 9 });
    expect(after.recent).toHaveLength(2);
  });

  it('keeps 400 days by default', async () => {
    vi.stubEnv('USAGE_RETENTION_DAYS', '');
    const res = await prune(
      new Request('http://localhost/.netlify/functions/prune-usage-events', { method: 'POST' }),
    );
    expect(await res.json()).toMatchObject({ deleted: 0, retention_days: 400 });
  });
});
