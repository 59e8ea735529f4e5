/**
 * GET /api/health, GET /api/status and the scheduled `record-status-probe`, called in-process
 * on a migrated database with the batch queue installed; and /api/health against a database
 * that cannot be reached.
 */
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import health from '../../functions/health';
import status from '../../functions/status';
import recordProbe, { config as probeConfig } from '../../functions/record-status-probe';
import { createDb, setDb } from '../../src/server/db';
import { setQueueConfig } from '../../src/server/batch/queue';
import { routesOf } from '../../src/local/function-routes';
import { closeEngine } from '../../src/server/vision/engine';
import { closeWatermarkEngine } from '../../src/server/vision/watermark/engine';
import { healthReportSchema, statusSummarySchema } from '../../src/shared/schemas/status';
import { createBatchTestDb, type BatchTestDb } from '../support/batch-test-db';
import { expectUnavailable } from '../support/database-unavailable';

const get = (path: string) => new Request(`http://localhost${path}`);

let t: BatchTestDb;
beforeAll(async () => {
  // No model loaded, as in a fresh server: an earlier file in this worker process may have
  // analysed images (integration files share their worker, see vitest.config.ts).
  await Promise.all([closeEngine(), closeWatermarkEngine()]);
  t = await createBatchTestDb();
  setDb(t.db);
  setQueueConfig(t.queue);
});
afterAll(async () => {
  vi.restoreAllMocks();
  setDb(undefined);
  setQueueConfig(undefined);
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 ok with the database, the queue and both models checked, and no internals', async () => {
    const res = await health(get('/api/health'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).not.toMatch(/postgres:|127\.0\.0\.1|node_modules|\/work\/|stack/i);
    const report = healthReportSchema.parse(JSON.parse(text));
    expect(report.status).toBe('ok');
    expect(report.components.map((c) => c.id)).toEqual([
      'database',
      'queue',
      'object-detector',
      'text-reader',
    ]);
    const byId = Object.fromEntries(report.components.map((c) => [c.id, c]));
    expect(byId['database']).toMatchObject({ status: 'ok' });
    expect(byId['queue']).toMatchObject({ status: 'ok', depth: 0, oldest_age_seconds: null });
    // Nothing here has analysed an image: the models' files are found, not loaded for the probe.
    expect(byId['object-detector']).toMatchObject({ status: 'ok', state: 'not_loaded' });
    expect(byId['text-reader']).toMatchObject({ status: 'ok', state: 'not_loaded' });
  });

  it("counts the queue entries waiting and the oldest one's age; a backlog degrades the service, still 200", async () => {
    await sql`select ${sql.id(t.queue.schema, 'add_job')}('status_test', '{}'::json, run_at => now() - interval '20 minutes')`.execute(
      t.db,
    );
    await sql`select ${sql.id(t.queue.schema, 'add_job')}('status_test', '{}'::json, run_at => now() + interval '1 hour')`.execute(
      t.db,
    );
    const res = await health(get('/api/health'));
    expect(res.status).toBe(200);
    const report = healthReportSchema.parse(await res.json());
    const queue = report.components.find((c) => c.id === 'queue')!;
    expect(queue.depth).toBe(2);
    expect(queue.oldest_age_seconds).toBeGreaterThanOrEqual(1200);
    expect(queue.oldest_age_seconds).toBeLessThan(1300);
    expect(queue.status).toBe('degraded');
    expect(report.status).toBe('degraded');
    await sql`delete from ${sql.id(t.queue.schema, '_private_jobs')}`.execute(t.db);
  });

  it('answers 405 with the documented body to another method', async () => {
    const res = await health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(res.status).toBe(405);
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
  });
});

describe('a database that cannot be reached', () => {
  it('/api/health answers 503 with the report saying the database is down, no driver message; /api/status the documented 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A closed port: every connection is refused at once.
    const away = createDb(
      { kind: 'postgres', url: 'postgres://optiq:secret@127.0.0.1:9/optiq' },
      { max: 1, timeouts: { connectMs: 1_000, statementMs: 1_000, queryMs: 1_500 } },
    );
    setDb(away);
    try {
      const res = await health(get('/api/health'));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      const text = await res.text();
      expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|secret|optiq:|postgres/i);
      const report = healthReportSchema.parse(JSON.parse(text));
      expect(report.status).toBe('down');
      expect(report.components[0]).toMatchObject({
        id: 'database',
        status: 'down',
        detail: 'Could not be reached.',
      });
      expect(report.components[1]).toMatchObject({ id: 'queue', status: 'down', depth: null });

      await expectUnavailable(await status(get('/api/status')), /127\.0\.0\.1|ECONNREFUSED|secret|postgres/i);
    } finally {
      setDb(t.db);
      await away.destroy();
    }
  });
});

describe('record-status-probe (scheduled) and GET /api/status', () => {
  it('runs every 5 minutes and is never routed as an HTTP endpoint', () => {
    expect(probeConfig).toEqual({ schedule: '*/5 * * * *' });
    expect(routesOf(resolve('functions/record-status-probe.ts'), { config: probeConfig })).toEqual([]);
  });

  it('says "no data" before any probe, then shows the recorded probe as the current state and today\'s uptime', async () => {
    await t.db.deleteFrom('status_probes').execute();
    const empty = statusSummarySchema.parse(await (await status(get('/api/status'))).json());
    expect(empty.current).toBeNull();
    expect(empty.probes).toBe(0);
    expect(empty.uptime_percent).toBeNull();
    expect(empty.days).toHaveLength(30);
    expect(empty.days.every((d) => d.probes === 0 && d.uptime_percent === null)).toBe(true);

    vi.spyOn(console, 'log').mockImplementation(() => {});
    // Netlify invokes a scheduled function with a POST carrying the next run time.
    const ran = await recordProbe(
      new Request('http://localhost/.netlify/functions/record-status-probe', {
        method: 'POST',
        body: '{"next_run":"2026-11-26T12:05:00Z"}',
      }),
    );
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ status: 'ok', pruned: 0, retention_days: 90 });

    const res = await status(get('/api/status'));
    expect(res.status).toBe(200);
    const summary = statusSummarySchema.parse(await res.json());
    expect(summary.current?.status).toBe('ok');
    expect(summary.current?.components.map((c) => c.id)).toEqual([
      'database',
      'queue',
      'object-detector',
      'text-reader',
    ]);
    expect(summary.probes).toBe(1);
    expect(summary.uptime_percent).toBe(100);
    expect(summary.probe_interval_minutes).toBe(5);
    expect(summary.days.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      probes: 1,
      ok: 1,
      uptime_percent: 100,
    });
  });
});
