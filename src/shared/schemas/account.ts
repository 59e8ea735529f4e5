import { z } from 'zod';
import './zod-config';

/**
 * The shapes of the account side of the marketplace: sign-up and sessions, API keys,
 * subscriptions and usage (their operations: src/shared/contracts/account.ts). Tools and tests
 * outside the site rely on these field names.
 */

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;

export const PASSWORD_MIN = 12;

export const PASSWORD_MAX = 200;

export const accountUserSchema = z
  .object({
    id: z.string().describe('Account id (UUID).'),
    username: z.string().describe('Unique username chosen at sign-up.'),
    email: z.string().describe('Unique email address of the account.'),
    created_at: z.string().describe('When the account was created (ISO 8601).'),
  })
  .meta({ id: 'AccountUser', description: 'An Optiq account.' });

export type AccountUser = z.infer<typeof accountUserSchema>;

export const signupRequestSchema = z.object({
  username: z
    .string({ message: 'Please enter a username' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(32, 'Username must be at most 32 characters')
    .regex(USERNAME_PATTERN, 'Username may contain letters, digits, dots, dashes and underscores')
    .describe('Unique username: 3-32 letters, digits, dots, dashes or underscores.'),
  email: z
    .string({ message: 'Please enter your email' })
    .trim()
    .max(254, 'Email is too long')
    .pipe(z.email('Please enter a valid email address'))
    .describe('Unique email address; used to sign in and for billing notices.'),
  password: z
    .string({ message: 'Please enter a password' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .describe(
      `Password, ${PASSWORD_MIN}-${PASSWORD_MAX} characters, not a common or easily guessed one (checked with zxcvbn against lists of breached passwords, keyboard patterns and your own username and email: 400 with a field error); stored only as a scrypt hash.`,
    ),
});

export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  login: z
    .string({ message: 'Please enter your username or email' })
    .trim()
    .min(1, 'Please enter your username or email')
    .max(254)
    .describe('Username or email address of the account.'),
  password: z
    .string({ message: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_MAX)
    .describe('The account password.'),
});

export type LoginRequest = z.input<typeof loginRequestSchema>;

export const accountResponseSchema = z.object({ user: accountUserSchema.describe('The signed-in account.') });

// ---- API keys ----

export const apiKeySummarySchema = z
  .object({
    id: z.string().describe('Key id (UUID); use it to revoke the key.'),
    name: z.string().describe('Name given when the key was created.'),
    prefix: z.string().describe('Recognisable start of the key, e.g. `optiq_live_`.'),
    last4: z.string().describe('Last four characters of the key.'),
    created_at: z.string().describe('When the key was created (ISO 8601).'),
    last_used_at: z
      .string()
      .nullable()
      .describe('When the key last authenticated a call (ISO 8601), null if never.'),
    revoked_at: z
      .string()
      .nullable()
      .describe('When the key was revoked (ISO 8601), null while it is active.'),
  })
  .meta({ id: 'ApiKeySummary', description: 'An API key as listed: never the key itself.' });

export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const createKeyRequestSchema = z.object({
  name: z
    .string({ message: 'Please name the key' })
    .trim()
    .min(1, 'Please name the key')
    .max(64, 'Key name is too long (max 64 characters)')
    .describe('A name to recognise the key by, e.g. `production`.'),
});

export const createdKeySchema = z.object({
  id: z.string().describe('Key id (UUID).'),
  name: z.string().describe('Name of the key.'),
  key: z.string().describe('The full key. Returned only in this response: store it now.'),
  prefix: z.string().describe('Recognisable start of the key.'),
  last4: z.string().describe('Last four characters of the key.'),
  created_at: z.string().describe('When the key was created (ISO 8601).'),
});

// ---- Subscriptions ----

export const subscriptionSchema = z
  .object({
    id: z.string().describe('Subscription id (UUID).'),
    api_id: z.string().describe('Catalogue id of the API, e.g. `image-object-detection`.'),
    api_name: z.string().describe('Name of the API.'),
    tier: z
      .string()
      .describe(
        'Tier id: `pay-per-use` (every API), or a monthly bundle of an API that has them: `testing`, `standard` or `premium`.',
      ),
    tier_name: z.string().describe('Tier name as the pricing shows it.'),
    monthly_quota: z
      .number()
      .int()
      .nullable()
      .describe('Requests included each billing month; null when pay per use without a cap.'),
    monthly_price: z.number().nullable().describe('Monthly price in US dollars; null for pay per use.'),
    price_per_request: z.number().describe('Pay-per-use price of one request in US dollars.'),
    is_active: z.boolean().describe('False once cancelled.'),
    subscription_date: z.string().describe('When the subscription started (ISO 8601).'),
    cancelled_at: z.string().nullable().describe('When it was cancelled (ISO 8601), null while active.'),
  })
  .meta({ id: 'Subscription', description: "An account's subscription to one API at one tier." });

export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscribeRequestSchema = z.object({
  api_id: z
    .string({ message: 'Please choose an API' })
    .trim()
    .min(1, 'Please choose an API')
    .max(100)
    .describe('Catalogue id of the API to subscribe to.'),
  tier: z
    .string({ message: 'Please choose a tier' })
    .trim()
    .min(1, 'Please choose a tier')
    .max(32)
    .describe(
      'Tier id: `pay-per-use` (every API; `standard` is also accepted for an API without bundles), or a monthly bundle: `testing`, `standard`, `premium`.',
    ),
});

// ---- Usage ----

export const usageSchema = z
  .object({
    period: z
      .object({
        start: z.string().describe('First instant of the billing month (ISO 8601, UTC).'),
        end: z.string().describe('First instant of the next billing month; usage resets then.'),
      })
      .describe('The current billing month.'),
    apis: z
      .array(
        z.object({
          api_id: z.string().describe('Catalogue id of the API.'),
          api_name: z.string().describe('Name of the API.'),
          tier: z
            .string()
            .nullable()
            .describe(
              'Tier of the active subscription; `free` when the calls ran on the Free tier (no active subscription).',
            ),
          requests: z.number().int().describe('Metered requests this month.'),
          images: z.number().int().describe('Images analysed this month (failed images are not counted).'),
          quota: z.number().int().nullable().describe('Requests included this month; null when uncapped.'),
          remaining: z.number().int().nullable().describe('Requests left this month; null when uncapped.'),
        }),
      )
      .describe('Usage per API this month.'),
    free_tier: z
      .object({
        images_included: z
          .number()
          .int()
          .describe('Images a month the Free tier includes, across all APIs, without a subscription.'),
        images_used: z.number().int().describe('Images analysed on the Free tier this month.'),
        images_remaining: z.number().int().describe('Images left on the Free tier this month.'),
      })
      .describe(
        'The Free tier: every active API may be called without subscribing, up to its images a month across all APIs; a subscription to an API takes over for that API.',
      ),
    keys: z
      .array(
        z.object({
          key_id: z.string().describe('Key id.'),
          name: z.string().describe('Key name.'),
          prefix: z.string().describe('Recognisable start of the key.'),
          last4: z.string().describe('Last four characters of the key.'),
          requests: z.number().int().describe('Metered requests with this key this month.'),
          images: z.number().int().describe('Images analysed with this key this month.'),
        }),
      )
      .describe('Usage per key this month.'),
    recent: z
      .array(
        z.object({
          at: z.string().describe('When the request was made (ISO 8601).'),
          method: z.string().describe('HTTP method.'),
          endpoint: z.string().describe('Path called, e.g. `/api/v1/detect`.'),
          status: z.number().int().describe('HTTP status answered.'),
          images: z.number().int().describe('Images analysed (counted) by the request.'),
          duration_ms: z.number().int().describe('Time the server spent, in milliseconds.'),
          key_id: z.string().nullable().describe('Key used, null for site sessions.'),
        }),
      )
      .describe('The last 20 requests of the account, newest first.'),
  })
  .meta({ id: 'Usage', description: "The account's usage in the current billing month." });

export type Usage = z.infer<typeof usageSchema>;
