import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { detectionRetentionDays, pruneDetectionRuns } from '../src/server/vision/store';

/**
 * Scheduled (hourly): deletes detect runs older than the retention period
 * (`DETECTION_RETENTION_DAYS`, default 30). Netlify runs it on the schedule and never exposes
 * it at a URL; `npm start` runs the same job on a timer. A failure (database away) is thrown,
 * logged by the platform, and the next hour catches up.
 */
export default async (_req: Request): Promise<Response> => {
  const retentionDays = detectionRetentionDays();
  const report = await pruneDetectionRuns(getDb(), { retentionDays });
  console.log(
    `[prune-detection-results] deleted ${report.deleted} detect runs stored before ${report.cutoff.toISOString()}`,
  );
  return Response.json({
    deleted: report.deleted,
    cutoff: report.cutoff.toISOString(),
    retention_days: retentionDays,
  });
};

// No `path`: a scheduled function is not routed, on Netlify or by the local runtime.
export const config: Config = { schedule: '@hourly' };
