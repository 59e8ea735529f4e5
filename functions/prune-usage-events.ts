import type { Config } from '@netlify/functions';
import { pruneUsageEvents, usageRetentionDays } from '../src/server/account/usage';
import { getDb } from '../src/server/db';
import { pruneRequestLog } from '../src/server/request-log/repository';

/**
 * Scheduled (hourly): deletes API usage events (the per-call log behind the dashboard's recent
 * calls) older than the retention period (`USAGE_RETENTION_DAYS`, default 400). The monthly
 * counters are kept. The request log goes too: calls older than 30 days and, per account,
 * beyond the newest 10,000. Netlify runs it on the schedule and never exposes it at a URL; `npm start`
 * runs the same job on a timer. A failure (database away) is thrown, logged by the platform,
 * and the next hour catches up.
 */
export default async (_req: Request): Promise<Response> => {
  const retentionDays = usageRetentionDays();
  const report = await pruneUsageEvents(getDb(), { retentionDays });
  const log = await pruneRequestLog(getDb());
  console.log(
    `[prune-usage-events] deleted ${report.deleted} usage events logged before ${report.cutoff.toISOString()} and ${log.deleted} request log entries`,
  );
  return Response.json({
    deleted: report.deleted,
    cutoff: report.cutoff.toISOString(),
    retention_days: retentionDays,
    request_log_deleted: log.deleted,
  });
};

// No `path`: a scheduled function is not routed, on Netlify or by the local runtime.
export const config: Config = { schedule: '@hourly' };
