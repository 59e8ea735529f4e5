import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import type { HealthReport, HealthStatus } from '../../shared/schemas/status';
import { checkHealth, worstStatus } from './health';
import { latestProbe, pruneProbes, recordProbe, runStatusProbe, statusSummary, uptimeByDay } from './probes';

const NOW = new Date('2026-11-26T10:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

const report = (status: HealthStatus, at: Date): HealthReport => ({
  status,
  checked_at: at.toISOString(),
  latency_ms: 12,
  components: [
    {
      id: 'database',
      name: 'Database',
      status: status === 'down' ? 'down' : 'ok',
      detail: 'x',
      latency_ms: 3,
    },
  ],
});

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('status_probes').execute();
});

describe('uptime per day (SQL over status_probes)', () => {
  it("counts each UTC day's probes by result, with no data on days without probes", async () => {
    // Today (26th): 3 ok, 1 down. Yesterday: 1 degraded at 23:59 UTC. 29 days ago: 1 down.
    // 30 days ago and a probe after `now` are outside the window.
    for (const [status, at] of [
      ['ok', '2026-11-26T00:00:00Z'],
      ['ok', '2026-11-26T05:00:00Z'],
      ['down', '2026-11-26T06:00:00Z'],
      ['ok', '2026-11-26T10:25:00Z'],
      ['ok', '2026-11-26T11:00:00Z'],
      ['degraded', '2026-11-25T23:59:59Z'],
      ['down', '2026-10-28T12:00:00Z'],
      ['ok', '2026-10-27T12:00:00Z'],
    ] as const)
      await recordProbe(t.db, report(status, new Date(at)));

    const days = await uptimeByDay(t.db, { now: NOW });
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      date: '2026-10-28',
      probes: 1,
      ok: 0,
      degraded: 0,
      down: 1,
      uptime_percent: 0,
    });
    expect(days[1]).toMatchObject({ date: '2026-10-29', probes: 0, uptime_percent: null });
    expect(days[28]).toEqual({
      date: '2026-11-25',
      probes: 1,
      ok: 0,
      degraded: 1,
      down: 0,
      uptime_percent: 100,
    });
    expect(days[29]).toEqual({
      date: '2026-11-26',
      probes: 4,
      ok: 3,
      degraded: 0,
      down: 1,
      uptime_percent: 75,
    });

    const summary = await statusSummary(t.db, NOW);
    expect(summary.probes).toBe(6);
    expect(summary.uptime_percent).toBe(66.67);
    // The latest row overall is the current state, even one stamped after `now`.
    expect(summary.current?.checked_at).toBe('2026-11-26T11:00:00.000Z');
  });

  it('prunes probes older than 90 days and keeps the rest', async () => {
    await recordProbe(t.db, report('ok', new Date(NOW.getTime() - 91 * DAY)));
    await recordProbe(t.db, report('ok', new Date(NOW.getTime() - 89 * DAY)));
    expect(await pruneProbes(t.db, { now: NOW })).toMatchObject({ deleted: 1 });
    const left = await t.db.selectFrom('status_probes').select('checked_at').execute();
    expect(left.map((r) => new Date(r.checked_at).toISOString())).toEqual([
      new Date(NOW.getTime() - 89 * DAY).toISOString(),
    ]);
  });
});

describe('the probe', () => {
  it('records what the health check found, read back as the latest probe', async () => {
    const { report: found } = await runStatusProbe(t.db);
    // No batch queue in this database: serving, degraded.
    expect(found.status).toBe('degraded');
    expect(found.components.find((c) => c.id === 'queue')).toMatchObject({
      status: 'degraded',
      detail: 'The batch queue is not installed here: batch jobs cannot run.',
    });
    expect(await latestProbe(t.db)).toEqual(found);
  });

  it('reports a model whose files are missing as an error that degrades the service', async () => {
    const found = await checkHealth(t.db, {
      locateModels: (envName, rel, probe) => {
        if (envName === 'OCR_MODEL_DIR') throw new Error(`cannot find ${rel}/${probe}`);
        return '/nonexistent';
      },
    });
    const models = found.components.filter((c) => c.id === 'object-detector' || c.id === 'text-reader');
    expect(models.map((c) => [c.id, c.state, c.status])).toEqual([
      ['object-detector', 'error', 'degraded'],
      ['text-reader', 'error', 'degraded'],
    ]);
    expect(JSON.stringify(found)).not.toContain('nonexistent');
    expect(found.status).toBe('degraded');
  });

  it('rates the service by its worst component', () => {
    expect(worstStatus([])).toBe('ok');
    expect(worstStatus(['ok', 'degraded', 'ok'])).toBe('degraded');
    expect(worstStatus(['degraded', 'down', 'ok'])).toBe('down');
  });
});
