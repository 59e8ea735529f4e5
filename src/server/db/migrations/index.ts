/**
 * Every migration, registered by name. Names are timestamps, so sorting them gives the order
 * they run in; add a new file with a later timestamp and one line here. A static list (rather
 * than reading the folder) keeps migrations working when bundled.
 */
import type { Migration } from 'kysely';
import * as initial from './2026_11_22_000000_initial';
import * as rateLimits from './2026_11_22_010000_rate_limits';
import * as rateLimitSliding from './2026_11_22_214500_rate_limit_sliding';
import * as detectionResultsRetention from './2026_11_22_230000_detection_results_retention';
import * as sessions from './2026_11_22_233000_sessions';
import * as accounts from './2026_11_23_000000_accounts';
import * as authenticityErrorReports from './2026_11_23_020000_authenticity_error_reports';
import * as usageEventsRetention from './2026_11_23_020000_usage_events_retention';
import * as batchJobs from './2026_11_23_130000_batch_jobs';
import * as labelSets from './2026_11_23_120000_label_sets';
import * as payPerUseTier from './2026_11_23_030000_pay_per_use_tier';
import * as similarImages from './2026_11_23_100000_similar_images';
import * as watermarkBrands from './2026_11_23_140000_watermark_brands';
import * as freeAllowance from './2026_11_26_100000_free_allowance';
import * as statusProbes from './2026_11_26_110000_status_probes';
import * as requestLog from './2026_11_26_120000_request_log';
import * as usageAlerts from './2026_11_26_130000_usage_alerts';
import * as inspections from './2026_11_26_200000_inspections';

export const migrations: Record<string, Migration> = {
  '2026_11_22_000000_initial': initial,
  '2026_11_22_010000_rate_limits': rateLimits,
  '2026_11_22_214500_rate_limit_sliding': rateLimitSliding,
  '2026_11_22_230000_detection_results_retention': detectionResultsRetention,
  '2026_11_22_233000_sessions': sessions,
  '2026_11_23_000000_accounts': accounts,
  '2026_11_23_020000_authenticity_error_reports': authenticityErrorReports,
  '2026_11_23_020000_usage_events_retention': usageEventsRetention,
  '2026_11_23_030000_pay_per_use_tier': payPerUseTier,
  '2026_11_23_100000_similar_images': similarImages,
  '2026_11_23_120000_label_sets': labelSets,
  '2026_11_23_130000_batch_jobs': batchJobs,
  '2026_11_23_140000_watermark_brands': watermarkBrands,
  '2026_11_26_100000_free_allowance': freeAllowance,
  '2026_11_26_110000_status_probes': statusProbes,
  '2026_11_26_120000_request_log': requestLog,
  '2026_11_26_130000_usage_alerts': usageAlerts,
  '2026_11_26_200000_inspections': inspections,
};
