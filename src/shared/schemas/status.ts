import { z } from 'zod';
import './zod-config';

/**
 * The shapes of the service's health (GET /api/health) and of the status page's summary
 * (GET /api/status): their operations are in src/shared/contracts/status.ts. The scheduled probe
 * stores a health report per row (table `status_probes`), so a stored probe and a live one read
 * the same.
 */

/**
 * The status page's record, defined once: a probe every `intervalMinutes` (the scheduled
 * function's cron says the same), kept `retentionDays`, and the page shows the last `days` days.
 * The pages quote these through the registry of quotable figures (src/lib/figures.ts).
 */
export const STATUS_PROBES = { intervalMinutes: 5, retentionDays: 90, days: 30 } as const;

/** How a component, or the whole service, is doing. */
export const healthStatusSchema = z
  .enum(['ok', 'degraded', 'down'])
  .describe(
    '`ok`: working; `degraded`: serving, with something slow or unavailable (a queue backlog, a model that cannot load); `down`: not serving (the database cannot be reached).',
  );
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** The components every probe checks, in the order the status page lists them. */
export const HEALTH_COMPONENT_IDS = ['database', 'queue', 'object-detector', 'text-reader'] as const;
export type HealthComponentId = (typeof HEALTH_COMPONENT_IDS)[number];

export const healthComponentSchema = z
  .object({
    id: z.enum(HEALTH_COMPONENT_IDS).describe('Which component: `database`, `queue` or a model.'),
    name: z.string().describe('Its name as the status page shows it.'),
    status: healthStatusSchema,
    detail: z.string().describe('One sentence on what was found, e.g. "2 entries waiting, the oldest 4 s".'),
    latency_ms: z.number().int().min(0).describe('How long this check took (ms).'),
    state: z
      .enum(['ready', 'not_loaded', 'error'])
      .optional()
      .describe(
        'Models only: `ready` = loaded in the process that answered and has analysed an image; `not_loaded` = its files are in place and it loads on the first call (a cold start); `error` = its files are missing or unreadable.',
      ),
    depth: z
      .number()
      .int()
      .min(0)
      .nullable()
      .optional()
      .describe(
        'Queue only: entries waiting to run (new or retrying); null when the queue could not be read.',
      ),
    oldest_age_seconds: z
      .number()
      .min(0)
      .nullable()
      .optional()
      .describe('Queue only: age of the oldest waiting entry in seconds; null when none waits.'),
  })
  .meta({ id: 'HealthComponent', description: 'One checked component of the service.' });
export type HealthComponent = z.infer<typeof healthComponentSchema>;

export const healthReportSchema = z
  .object({
    status: healthStatusSchema,
    checked_at: z.string().describe('When the checks ran (ISO 8601).'),
    latency_ms: z.number().int().min(0).describe('How long all checks took together (ms).'),
    components: z.array(healthComponentSchema).describe('Every component checked, database first.'),
  })
  .meta({
    id: 'HealthReport',
    description:
      'The service health: the overall status is the worst of its components (a model that cannot load degrades the service; a database that cannot be reached makes it down).',
  });
export type HealthReport = z.infer<typeof healthReportSchema>;

export const uptimeDaySchema = z
  .object({
    date: z.string().describe('The day (UTC), YYYY-MM-DD.'),
    probes: z.number().int().min(0).describe('Probes recorded that day; 0 = no data.'),
    ok: z.number().int().min(0).describe('Probes that found everything working.'),
    degraded: z.number().int().min(0).describe('Probes that found the service degraded but serving.'),
    down: z.number().int().min(0).describe('Probes that found the service down.'),
    uptime_percent: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .describe(
        "Share of the day's probes that found the service serving (ok or degraded), 0-100; null without probes.",
      ),
  })
  .meta({ id: 'UptimeDay', description: "One day's probes." });
export type UptimeDay = z.infer<typeof uptimeDaySchema>;

export const statusSummarySchema = z
  .object({
    current: healthReportSchema
      .nullable()
      .describe('The latest recorded probe; null when none has been recorded yet.'),
    days: z
      .array(uptimeDaySchema)
      .describe(`The last ${STATUS_PROBES.days} days (UTC), oldest first, today last.`),
    uptime_percent: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .describe('Share of all probes of those days that found the service serving; null without probes.'),
    probes: z.number().int().min(0).describe('Probes recorded in those days.'),
    probe_interval_minutes: z.number().int().min(1).describe('How often a probe is recorded (minutes).'),
  })
  .meta({
    id: 'StatusSummary',
    description: 'What the status page shows: the latest probe and the uptime per day, from recorded probes.',
  });
export type StatusSummary = z.infer<typeof statusSummarySchema>;
