import { z } from 'zod';
import '../schemas/zod-config';

/**
 * What one metered API call counted, in every `/api/v1/*` response. A call that analysed no
 * image counts no request; images that failed are not counted.
 */
export const apiUsageSchema = z
  .object({
    requests: z
      .number()
      .int()
      .describe('Requests this call counted against the monthly quota: 1, or 0 when no image was analysed.'),
    images: z.number().int().describe('Images this call analysed (failed images are not counted).'),
    quota_remaining: z
      .number()
      .int()
      .nullable()
      .describe(
        "Requests left in this billing month (calendar month, UTC) of the subscription's tier; on the Free tier (no subscription), images left of its monthly allowance across all APIs; null when pay per use without a cap.",
      ),
  })
  .describe('What this call counted (metering); see GET /api/account/usage for the month.')
  .meta({ id: 'ApiUsage' });
export type ApiUsage = z.infer<typeof apiUsageSchema>;

/** `schema` with the `usage` object of a metered response. */
export const withUsage = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ usage: apiUsageSchema });
