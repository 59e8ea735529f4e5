import { z } from 'zod';
import './zod-config';

/**
 * The shapes of usage alerts (`GET`/`PUT /api/account/alerts`; operations:
 * src/shared/contracts/account.ts): thresholds on a month's usage, the alerts that fired and
 * the account's webhook.
 */

/** Rules an account may set at most. */
export const MAX_ALERT_RULES = 20;
/** Largest image count of an `images` rule. */
export const MAX_ALERT_IMAGES = 10_000_000;

const ruleFields = {
  kind: z
    .enum(['quota_percent', 'images'], { message: 'kind must be quota_percent or images' })
    .describe(
      "`quota_percent`: a share of the API subscription's monthly quota (requests); `images`: a number of images analysed in the month.",
    ),
  api_id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .describe('Catalogue id of the API; null with `images` counts every API of the account.'),
  threshold: z
    .number({ message: 'threshold must be a number' })
    .int('threshold must be a whole number')
    .min(1, 'threshold must be at least 1')
    .describe('Percent of the quota (1-100) for `quota_percent`; images for `images`.'),
};

export const alertRuleInputSchema = z
  .object(ruleFields)
  .superRefine((rule, ctx) => {
    if (rule.kind === 'quota_percent') {
      if (rule.threshold > 100)
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'A quota share must be 1 to 100 %' });
      if (rule.api_id === null)
        ctx.addIssue({ code: 'custom', path: ['api_id'], message: 'Choose the API whose quota to watch' });
    } else if (rule.threshold > MAX_ALERT_IMAGES) {
      ctx.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `An image threshold must be at most ${MAX_ALERT_IMAGES}`,
      });
    }
  })
  .describe('One threshold.');

export const alertSettingsRequestSchema = z.object({
  webhook_url: z
    .string()
    .trim()
    .max(2048, 'The webhook URL is too long (max 2048 characters)')
    .nullable()
    .describe(
      'Called with a signed POST when an alert fires: a public http(s) URL (no private or loopback address, ports 80/443); null for none.',
    ),
  rules: z
    .array(alertRuleInputSchema)
    .max(MAX_ALERT_RULES, `At most ${MAX_ALERT_RULES} alerts`)
    .describe('Every threshold of the account (replaces the ones set before).'),
});
export type AlertSettingsRequest = z.input<typeof alertSettingsRequestSchema>;

export const alertRuleSchema = z
  .object({ id: z.string().describe('Id of the alert.'), ...ruleFields })
  .meta({ id: 'UsageAlertRule', description: 'A usage threshold of the account.' });

export const firedAlertSchema = z
  .object({
    id: z.string().describe('Id of this firing.'),
    alert_id: z.string().describe('The alert that fired.'),
    kind: ruleFields.kind,
    api_id: ruleFields.api_id,
    threshold: ruleFields.threshold,
    period: z.string().describe('Billing month it fired in (`YYYY-MM-01`).'),
    used: z.number().int().describe('Requests (quota_percent) or images counted when it fired.'),
    limit: z.number().int().describe('The count the threshold stood for then.'),
    fired_at: z.string().describe('When it fired (ISO 8601).'),
    webhook_status: z
      .enum(['pending', 'delivered', 'failed'])
      .nullable()
      .describe('Delivery to the webhook; null when none was configured.'),
  })
  .meta({ id: 'FiredUsageAlert', description: 'A usage alert that fired (once per alert and month).' });
export type FiredAlert = z.infer<typeof firedAlertSchema>;

export const alertSettingsSchema = z.object({
  webhook_url: z.string().nullable().describe('The webhook called when an alert fires; null for none.'),
  webhook_secret: z
    .string()
    .nullable()
    .describe(
      'HMAC key of the `Optiq-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`); null until alerts are first saved.',
    ),
  rules: z.array(alertRuleSchema).describe('The thresholds set.'),
  fired: z.array(firedAlertSchema).describe('Alerts that fired, newest first (the last 50).'),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
