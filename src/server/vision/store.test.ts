import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toJson } from '../db';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import {
  dbVisionStore,
  DEFAULT_DETECTION_RETENTION_DAYS,
  detectionRetentionDays,
  pruneDetectionRuns,
  scheduleRetention,
} from './store';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T12:00:00Z');

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
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
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('detection_results').execute();
});

/** Stores `count` runs `ageDays` before NOW; returns their ids. */
async function runsAged(ageDays: number, count = 1): Promise<string[]> {
  const rows = await t.db
    .insertInto('detection_results')
    .values(
      Array.from({ length: count }, () => ({
        api_id: 'x',
        image_urls: toJson(['https://example.com/a.jpg']),
        category: 'kitchen',
        mode: 'per_item',
        results: toJson({}),
        timestamp: new Date(NOW.getTime() - ageDays * DAY),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const remaining = async () =>
  (await t.db.selectFrom('detection_results').select('id').execute()).map((r) => r.id).sort();

describe('pruneDetectionRuns', () => {
  it('deletes runs older than the retention period', async () => {
    const [old] = await runsAged(30.01);
    const kept = [...(await runsAged(29.99)), ...(await runsAged(0))];
    const report = await pruneDetectionRuns(t.db, { retentionDays: 30, now: NOW });
    expect(report).toEqual({ deleted: 1, cutoff: new Date(NOW.getTime() - 30 * DAY) });
    expect(await remaining()).toEqual(kept.sort());
    expect(await remaining()).not.toContain(old);
  });

  it('deletes in batches until none are left', async () => {
    await runsAged(40, 25);
    const kept = await runsAged(1, 2);
    expect((await pruneDetectionRuns(t.db, { retentionDays: 30, now: NOW, batchSize: 10 })).deleted).toBe(25);
    expect(await remaining()).toEqual(kept.sort());
    expect((await pruneDetectionRuns(t.db, { retentionDays: 30, now: NOW, batchSize: 10 })).deleted).toBe(0);
  });

  it('finds old runs through an index on the timestamp', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'detection_results' and indexname = 'detection_results_timestamp_idx'`.execute(
      t.db,
    );
    expect(rows[0]?.indexdef).toMatch(/\(("?)timestamp\1\)/);
  });

  it('refuses a period that would delete everything', async () => {
    await expect(pruneDetectionRuns(t.db, { retentionDays: 0, now: NOW })).rejects.toThrow();
  });
});

describe('detectionRetentionDays', () => {
  it('defaults to 30 days and reads DETECTION_RETENTION_DAYS', () => {
    expect(DEFAULT_DETECTION_RETENTION_DAYS).toBe(30);
    expect(detectionRetentionDays({})).toBe(30);
    expect(detectionRetentionDays({ DETECTION_RETENTION_DAYS: '7' })).toBe(7);
    expect(detectionRetentionDays({ DETECTION_RETENTION_DAYS: '0' })).toBe(30);
    expect(detectionRetentionDays({ DETECTION_RETENTION_DAYS: 'forever' })).toBe(30);
  });
});

describe('scheduleRetention', () => {
  it('runs shortly after start, then on every interval, and survives a failing run', async () => {
    vi.useFakeTimers();
    try {
      const job = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue({ deleted: 0 });
      const onError = vi.fn();
      const stop = scheduleRetention(job, { firstRunMs: 30_000, intervalMs: 3_600_000, onError });
      await vi.advanceTimersByTimeAsync(29_999);
      expect(job).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(job).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database away' }));
      await vi.advanceTimersByTimeAsync(3_600_000 * 2);
      expect(job).toHaveBeenCalledTimes(3);
      stop();
      await vi.advanceTimersByTimeAsync(3_600_000 * 2);
      expect(job).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('saveDetectionRun', () => {
  it('stores each image URL once: per-image results refer to image_urls by position', async () => {
    // Random paths: like real signed URLs, they do not compress.
    const urls = Array.from(
      { length: 20 },
      () => `https://example.com/${randomBytes(1500).toString('base64url')}.jpg`,
    );
    const objects = { sink: true, none_observed: false };
    const id = crypto.randomUUID();
    const response = {
      category: 'kitchen',
      mode: 'superset',
      detection_results: [
        ...urls.map((image_url) => ({ image_url, objects })),
        { image_url: 'superset', objects },
      ],
      result_id: id,
    };
    await dbVisionStore(t.db).saveDetectionRun({
      id,
      apiId: 'x',
      imageUrls: urls,
      category: 'kitchen',
      mode: 'superset',
      errorChecks: 3,
      results: response,
    });
    const row = await t.db
      .selectFrom('detection_results')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.image_urls).toEqual(urls);
    expect(row.results).toEqual({
      ...response,
      detection_results: [...urls.map(() => ({ objects })), { image_url: 'superset', objects }],
    });
    // The URLs are held once: the results column is a small part of the row.
    const { rows } = await sql<{ urls: number; results: number }>`
      select pg_column_size(image_urls) as urls, pg_column_size(results) as results from detection_results where id = ${id}`.execute(
      t.db,
    );
    expect(Number(rows[0]?.results)).toBeLessThan(Number(rows[0]?.urls) / 4);
  });
});
