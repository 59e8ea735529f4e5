import { z } from 'zod';
import '../schemas/zod-config';
import { defineOperation } from './operation';

/**
 * The account side of the marketplace: sign-up and sessions, API keys, subscriptions and
 * usage. Tools and tests outside the site rely on these paths and field names.
 */

const COMMON_ERRORS = ['INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'] as const;

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
    .describe(`Password, ${PASSWORD_MIN}-${PASSWORD_MAX} characters, not a common or easily guessed one (checked with zxcvbn against lists of breached passwords, keyboard patterns and your own username and email: 400 with a field error); stored only as a scrypt hash.`),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  login: z.string({ message: 'Please enter your username or email' }).trim().min(1, 'Please enter your username or email').max(254).describe('Username or email address of the account.'),
  password: z.string({ message: 'Please enter your password' }).min(1, 'Please enter your password').max(PASSWORD_MAX).describe('The account password.'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const accountResponseSchema = z.object({ user: accountUserSchema.describe('The signed-in account.') });

export const signupOperation = defineOperation({
  operationId: 'signUp',
  method: 'POST',
  path: '/api/account/signup',
  group: 'account',
  summary: 'Create an account',
  description: 'Creates an account and signs it in (sets the HttpOnly session cookie). Username and email must not be taken.',
  auth: 'none',
  body: signupRequestSchema,
  response: { status: 201, description: 'The new account; the session cookie is set.', schema: accountResponseSchema },
  errors: ['INVALID_REQUEST', 'CONFLICT', 'FORBIDDEN', ...COMMON_ERRORS],
  rateLimit: 'account-signup',
});

export const loginOperation = defineOperation({
  operationId: 'logIn',
  method: 'POST',
  path: '/api/account/login',
  group: 'account',
  summary: 'Sign in',
  description: 'Signs in with username or email and password; sets the HttpOnly session cookie.',
  auth: 'none',
  body: loginRequestSchema,
  response: { status: 200, description: 'The signed-in account; the session cookie is set.', schema: accountResponseSchema },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', ...COMMON_ERRORS],
  rateLimit: ['account-login', 'account-login-id'],
});

export const logoutOperation = defineOperation({
  operationId: 'logOut',
  method: 'POST',
  path: '/api/account/logout',
  group: 'account',
  summary: 'Sign out',
  description: 'Ends the session on the server and clears the cookie. Answers 200 when no session was open.',
  auth: 'session',
  response: { status: 200, description: 'Signed out.', schema: z.object({ signed_out: z.literal(true).describe('Always true.') }) },
  errors: ['FORBIDDEN', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

export const meOperation = defineOperation({
  operationId: 'getAccount',
  method: 'GET',
  path: '/api/account',
  group: 'account',
  summary: 'Who am I',
  description: 'The account of the current session.',
  auth: 'session',
  response: { status: 200, description: 'The signed-in account.', schema: accountResponseSchema },
  errors: ['UNAUTHORIZED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

// ---- API keys ----

export const apiKeySummarySchema = z
  .object({
    id: z.string().describe('Key id (UUID); use it to revoke the key.'),
    name: z.string().describe('Name given when the key was created.'),
    prefix: z.string().describe('Recognisable start of the key, e.g. `optiq_live_`.'),
    last4: z.string().describe('Last four characters of the key.'),
    created_at: z.string().describe('When the key was created (ISO 8601).'),
    last_used_at: z.string().nullable().describe('When the key last authenticated a call (ISO 8601), null if never.'),
    revoked_at: z.string().nullable().describe('When the key was revoked (ISO 8601), null while it is active.'),
  })
  .meta({ id: 'ApiKeySummary', description: 'An API key as listed: never the key itself.' });
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const createKeyRequestSchema = z.object({
  name: z.string({ message: 'Please name the key' }).trim().min(1, 'Please name the key').max(64, 'Key name is too long (max 64 characters)').describe('A name to recognise the key by, e.g. `production`.'),
});

export const createdKeySchema = z.object({
  id: z.string().describe('Key id (UUID).'),
  name: z.string().describe('Name of the key.'),
  key: z.string().describe('The full key. Returned only in this response: store it now.'),
  prefix: z.string().describe('Recognisable start of the key.'),
  last4: z.string().describe('Last four characters of the key.'),
  created_at: z.string().describe('When the key was created (ISO 8601).'),
});

export const createKeyOperation = defineOperation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/account/keys',
  group: 'account',
  summary: 'Create an API key',
  description: 'Creates a key for the account. The full key is in this response only; afterwards it is shown as prefix and last four characters.',
  auth: 'session',
  body: createKeyRequestSchema,
  response: { status: 201, description: 'The new key, in full this once.', schema: createdKeySchema },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', ...COMMON_ERRORS],
});

export const listKeysOperation = defineOperation({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api/account/keys',
  group: 'account',
  summary: 'List API keys',
  description: "The account's keys, newest first, revoked ones included.",
  auth: 'session',
  response: { status: 200, description: 'The keys (never in full).', schema: z.object({ keys: z.array(apiKeySummarySchema).describe('Keys of the account.') }) },
  errors: ['UNAUTHORIZED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

export const revokeKeyOperation = defineOperation({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/api/account/keys/{id}',
  group: 'account',
  summary: 'Revoke an API key',
  description: 'Revokes a key of the account; calls with it are refused with 401 from then on.',
  auth: 'session',
  params: z.object({ id: z.string().describe('Id of the key to revoke.') }),
  response: { status: 200, description: 'The revoked key.', schema: z.object({ key: apiKeySummarySchema.describe('The key, now revoked.') }) },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

// ---- Subscriptions ----

export const subscriptionSchema = z
  .object({
    id: z.string().describe('Subscription id (UUID).'),
    api_id: z.string().describe('Catalogue id of the API, e.g. `image-object-detection`.'),
    api_name: z.string().describe('Name of the API.'),
    tier: z.string().describe('Tier id: `pay-per-use` (every API), or a monthly bundle of an API that has them: `testing`, `standard` or `premium`.'),
    tier_name: z.string().describe('Tier name as the pricing shows it.'),
    monthly_quota: z.number().int().nullable().describe('Requests included each billing month; null when pay per use without a cap.'),
    monthly_price: z.number().nullable().describe('Monthly price in US dollars; null for pay per use.'),
    price_per_request: z.number().describe('Pay-per-use price of one request in US dollars.'),
    is_active: z.boolean().describe('False once cancelled.'),
    subscription_date: z.string().describe('When the subscription started (ISO 8601).'),
    cancelled_at: z.string().nullable().describe('When it was cancelled (ISO 8601), null while active.'),
  })
  .meta({ id: 'Subscription', description: "An account's subscription to one API at one tier." });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscribeRequestSchema = z.object({
  api_id: z.string({ message: 'Please choose an API' }).trim().min(1, 'Please choose an API').max(100).describe('Catalogue id of the API to subscribe to.'),
  tier: z.string({ message: 'Please choose a tier' }).trim().min(1, 'Please choose a tier').max(32).describe('Tier id: `pay-per-use` (every API; `standard` is also accepted for an API without bundles), or a monthly bundle: `testing`, `standard`, `premium`.'),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

export const subscribeOperation = defineOperation({
  operationId: 'subscribe',
  method: 'POST',
  path: '/api/subscriptions',
  group: 'account',
  summary: 'Subscribe to an API',
  description: 'Subscribes the account to an active API at a tier. Coming-soon APIs and the Custom tier (by contact) cannot be subscribed. Subscribing again to the same API changes the tier.',
  auth: 'session',
  body: subscribeRequestSchema,
  response: { status: 201, description: 'The subscription.', schema: z.object({ subscription: subscriptionSchema.describe('The new subscription.') }) },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', ...COMMON_ERRORS],
});

export const listSubscriptionsOperation = defineOperation({
  operationId: 'listSubscriptions',
  method: 'GET',
  path: '/api/subscriptions',
  group: 'account',
  summary: 'List subscriptions',
  description: "The account's subscriptions, active and cancelled, newest first.",
  auth: 'session',
  response: { status: 200, description: 'The subscriptions.', schema: z.object({ subscriptions: z.array(subscriptionSchema).describe('Subscriptions of the account.') }) },
  errors: ['UNAUTHORIZED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

export const cancelSubscriptionOperation = defineOperation({
  operationId: 'cancelSubscription',
  method: 'DELETE',
  path: '/api/subscriptions/{id}',
  group: 'account',
  summary: 'Cancel a subscription',
  description: 'Cancels a subscription of the account; calls to that API with its keys get 403 from then on.',
  auth: 'session',
  params: z.object({ id: z.string().describe('Id of the subscription to cancel.') }),
  response: { status: 200, description: 'The cancelled subscription.', schema: z.object({ subscription: subscriptionSchema.describe('The subscription, now cancelled.') }) },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
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
          tier: z.string().nullable().describe('Tier of the active subscription, null if none.'),
          requests: z.number().int().describe('Metered requests this month.'),
          images: z.number().int().describe('Images analysed this month (failed images are not counted).'),
          quota: z.number().int().nullable().describe('Requests included this month; null when uncapped.'),
          remaining: z.number().int().nullable().describe('Requests left this month; null when uncapped.'),
        }),
      )
      .describe('Usage per API this month.'),
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

export const usageOperation = defineOperation({
  operationId: 'getUsage',
  method: 'GET',
  path: '/api/account/usage',
  group: 'account',
  summary: "This month's usage",
  description: 'Usage of the current billing month per API and per key, the remaining quota of each tier, and the last 20 requests.',
  auth: 'session',
  response: { status: 200, description: 'Usage this billing month.', schema: usageSchema },
  errors: ['UNAUTHORIZED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

/** Every account operation, in the order the reference lists them. */
export const accountOperations = [
  signupOperation,
  loginOperation,
  logoutOperation,
  meOperation,
  createKeyOperation,
  listKeysOperation,
  revokeKeyOperation,
  subscribeOperation,
  listSubscriptionsOperation,
  cancelSubscriptionOperation,
  usageOperation,
] as const;
