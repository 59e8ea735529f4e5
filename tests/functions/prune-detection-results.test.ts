import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import prune, { config } from '../../functions/prune-detection-results';
import { setDb, toJson } from '../../src/server/db';
import { createTestDb, type TestDb } from '../support/test-db';
import { routesOf } from '../../src/local/function-routes';

const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  setDb(t.db);
  await t.db
    .insertInto('apis')
    .values({
      id: 'x',
      name: 'X',
      description: 'd',
      category: 'c',
      price: 0,
      status: 'active',
      icon: 'fa-eye',
      features: toJson([]),
      endpoints: toJson([]),
    })
    .execute();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  setDb(undefined);
  await t.close();
});

async function runAged(days: number): Promise<string> {
  const row = await t.db
    .insertInto('detection_results')
    .values({
      api_id: 'x',
      image_urls: toJson(['https://example.com/a.jpg']),
      category: 'kitchen',
      mode: 'per_item',
      results: toJson({}),
      timestamp: new Date(Date.now() - days * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('prune-detection-results (scheduled)', () => {
  it('runs hourly and is never routed as an HTTP endpoint', () => {
    expect(config).toEqual({ schedule: '@hourly' });
    expect(routesOf(resolve('functions/prune-detection-results.ts'), { config })).toEqual([]);
  });

  it('deletes runs past DETECTION_RETENTION_DAYS and keeps the rest', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.stubEnv('DETECTION_RETENTION_DAYS', '7');
    await runAged(8);
    const recent = await runAged(6);
    // Netlify invokes a scheduled function with a POST carrying the next run time.
    const res = await prune(
      new Request('http://localhost/.netlify/functions/prune-detection-results', {
        method: 'POST',
        body: '{"next_run":"2026-11-22T13:00:00Z"}',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: 1, retention_days: 7 });
    const left = await t.db.selectFrom('detection_results').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([recent]);
  });
});
