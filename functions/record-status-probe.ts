import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { PROBE_RETENTION_DAYS, runStatusProbe } from '../src/server/status/probes';

/**
 * Scheduled (every 5 minutes): checks the health as GET /api/health does, records the result as
 * a probe row for /status and deletes probes older than 90 days. Netlify runs it on the schedule
 * and never exposes it at a URL; `npm start` runs the same job on a timer. A failure (database
 * away) is thrown and logged by the platform: that time shows as no data on the page.
 */
export default async (_req: Request): Promise<Response> => {
  const { report, pruned } = await runStatusProbe(getDb());
  console.log(
    `[record-status-probe] ${report.status} in ${report.latency_ms} ms; pruned ${pruned} old probes`,
  );
  return Response.json({
    status: report.status,
    checked_at: report.checked_at,
    pruned,
    retention_days: PROBE_RETENTION_DAYS,
  });
};

// No `path`: a scheduled function is not routed, on Netlify or by the local runtime.
export const config: Config = { schedule: '*/5 * * * *' };
