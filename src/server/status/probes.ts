/**
 * The status page's record: one row per scheduled health check (`status_probes`), the latest
 * one and the uptime per UTC day computed from them in SQL, and the retention that deletes rows
 * older than 90 days.
 */
import { sql, type Kysely } from 'kysely';
import { toJson, type Database } from '../db';
import { checkHealth, type HealthOptions } from './health';
import {
  healthComponentSchema,
  STATUS_PROBES,
  type HealthReport,
  type StatusSummary,
  type UptimeDay,
} from '../../shared/schemas/status';

/** How often the scheduled function records a probe (its cron: every 5 minutes). */
export const PROBE_INTERVAL_MINUTES = STATUS_PROBES.intervalMinutes;
/** Probes are kept this long, then pruned by the same scheduled function. */
export const PROBE_RETENTION_DAYS = STATUS_PROBES.retentionDays;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stores one health report as a probe row. */
export async function recordProbe(db: Kysely<Database>, report: HealthReport): Promise<void> {
  await db
    .insertInto('status_probes')
    .values({
      checked_at: report.checked_at,
      status: report.status,
      components: toJson(report.components),
      latency_ms: report.latency_ms,
    })
    .execute();
}

/** Deletes probes recorded before `now - retentionDays`. */
export async function pruneProbes(
  db: Kysely<Database>,
  { retentionDays = PROBE_RETENTION_DAYS, now = new Date() }: { retentionDays?: number; now?: Date } = {},
): Promise<{ deleted: number; cutoff: Date }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const result = await db.deleteFrom('status_probes').where('checked_at', '<', cutoff).executeTakeFirst();
  return { deleted: Number(result.numDeletedRows), cutoff };
}

/** The latest probe as a health report; undefined when none was recorded. */
export async function latestProbe(db: Kysely<Database>): Promise<HealthReport | undefined> {
  const row = await db
    .selectFrom('status_probes')
    .select(['checked_at', 'status', 'components', 'latency_ms'])
    .orderBy('checked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    status: row.status,
    checked_at: new Date(row.checked_at).toISOString(),
    latency_ms: row.latency_ms,
    // Rows written by an older version may lack a field a newer schema wants: keep what parses.
    components: row.components.flatMap((c) => {
      const parsed = healthComponentSchema.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}

/**
 * The probes of each of the `days` UTC days ending with `now`'s day, oldest first, counted by
 * result in SQL; a day without probes has zeros and no percentage.
 */
export async function uptimeByDay(
  db: Kysely<Database>,
  { days = STATUS_PROBES.days, now = new Date() }: { days?: number; now?: Date } = {},
): Promise<UptimeDay[]> {
  const { rows } = await sql<{
    date: string;
    probes: number;
    ok: number;
    degraded: number;
    down: number;
    uptime_percent: number | null;
  }>`
    with days as (
      select generate_series(
        date_trunc('day', ${now}::timestamptz at time zone 'UTC') - make_interval(days => ${days - 1}::int),
        date_trunc('day', ${now}::timestamptz at time zone 'UTC'),
        interval '1 day'
      ) as day
    )
    select
      to_char(d.day, 'YYYY-MM-DD') as date,
      count(p.id)::int as probes,
      (count(p.id) filter (where p.status = 'ok'))::int as ok,
      (count(p.id) filter (where p.status = 'degraded'))::int as degraded,
      (count(p.id) filter (where p.status = 'down'))::int as down,
      case when count(p.id) = 0 then null
        else round(100.0 * count(p.id) filter (where p.status <> 'down') / count(p.id), 2)::float8
      end as uptime_percent
    from days d
    left join status_probes p
      on p.checked_at >= (d.day at time zone 'UTC')
      and p.checked_at < ((d.day + interval '1 day') at time zone 'UTC')
      and p.checked_at <= ${now}::timestamptz
    group by d.day
    order by d.day`.execute(db);
  return rows.map((r) => ({
    ...r,
    uptime_percent: r.uptime_percent === null ? null : Number(r.uptime_percent),
  }));
}

/** What the status page shows: the latest probe and the last 30 days' uptime. */
export async function statusSummary(db: Kysely<Database>, now: Date = new Date()): Promise<StatusSummary> {
  const [current, days] = await Promise.all([latestProbe(db), uptimeByDay(db, { now })]);
  const probes = days.reduce((n, d) => n + d.probes, 0);
  const serving = days.reduce((n, d) => n + d.ok + d.degraded, 0);
  return {
    current: current ?? null,
    days,
    uptime_percent: probes === 0 ? null : Math.round((10_000 * serving) / probes) / 100,
    probes,
    probe_interval_minutes: PROBE_INTERVAL_MINUTES,
  };
}

/**
 * One scheduled round: checks the health, records it and prunes what is past the retention
 * period. A database that is away cannot record its own absence: the check's report is returned
 * and the write's failure thrown (logged by the caller), so the page shows that time as no data.
 */
export async function runStatusProbe(
  db: Kysely<Database>,
  options: HealthOptions & { now?: Date } = {},
): Promise<{ report: HealthReport; pruned: number }> {
  const report = await checkHealth(db, options);
  await recordProbe(db, report);
  const { deleted } = await pruneProbes(db, options.now ? { now: options.now } : {});
  return { report, pruned: deleted };
}
