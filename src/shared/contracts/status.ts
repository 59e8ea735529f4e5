import { healthReportSchema, statusSummarySchema } from '../schemas/status';
import { defineOperation } from './operation';

/**
 * The service's health and the status page's figures (shapes: src/shared/schemas/status.ts).
 * Public: they say whether the service works, never how it is configured.
 */

/** GET /api/health */
export const healthOperation = defineOperation({
  operationId: 'getHealth',
  method: 'GET',
  path: '/api/health',
  group: 'status',
  summary: 'Check the service health',
  description:
    "Checks the database (a query), the batch queue (entries waiting and the oldest one's age) and each vision model's readiness (whether its files are in place and whether this process has it loaded; no model is loaded for the check). Answers 200 when the service is `ok` or `degraded` (serving), 503 when it is `down`, with the same report either way. For monitors and load balancers; the status page shows the probes recorded every 5 minutes.",
  auth: 'none',
  response: {
    status: 200,
    description: 'The service is serving (`ok` or `degraded`).',
    schema: healthReportSchema,
  },
  alsoAnsweredWith: {
    status: 503,
    description:
      'The service is `down` (the database cannot be reached): the same report, saying which component failed.',
  },
  errors: ['METHOD_NOT_ALLOWED', 'INTERNAL_ERROR'],
});

/** GET /api/status */
export const statusSummaryOperation = defineOperation({
  operationId: 'getStatusSummary',
  method: 'GET',
  path: '/api/status',
  group: 'status',
  summary: 'Get the status page summary',
  description:
    'The latest recorded probe and, for each of the last 30 days (UTC), how many probes found the service serving, from the probes the scheduled check records every 5 minutes (kept 90 days). Days without probes say so (`probes: 0`, `uptime_percent: null`).',
  auth: 'none',
  response: {
    status: 200,
    description: 'The current state and the uptime per day.',
    schema: statusSummarySchema,
  },
  errors: ['METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});
