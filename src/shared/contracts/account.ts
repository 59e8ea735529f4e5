import { z } from 'zod';
import '../schemas/zod-config';
import {
  signupRequestSchema,
  loginRequestSchema,
  accountResponseSchema,
  apiKeySummarySchema,
  createKeyRequestSchema,
  createdKeySchema,
  subscriptionSchema,
  subscribeRequestSchema,
  usageSchema,
} from '../schemas/account';
import { requestLogPageSchema, requestLogQuerySchema } from '../schemas/request-log';
import { alertSettingsRequestSchema, alertSettingsSchema } from '../schemas/usage-alerts';
import { defineOperation } from './operation';
import { SERVER_ERRORS } from './common';

/**
 * The operations of the account side of the marketplace: sign-up and sessions, API keys,
 * subscriptions and usage (their shapes: src/shared/schemas/account.ts). Tools and tests outside
 * the site rely on these paths.
 */

const COMMON_ERRORS = [
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  ...SERVER_ERRORS,
] as const;

export const signupOperation = defineOperation({
  operationId: 'signUp',
  method: 'POST',
  path: '/api/account/signup',
  group: 'account',
  summary: 'Create an account',
  description:
    'Creates an account and signs it in (sets the HttpOnly session cookie). Username and email must not be taken.',
  auth: 'none',
  body: signupRequestSchema,
  response: {
    status: 201,
    description: 'The new account; the session cookie is set.',
    schema: accountResponseSchema,
  },
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
  response: {
    status: 200,
    description: 'The signed-in account; the session cookie is set.',
    schema: accountResponseSchema,
  },
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
  response: {
    status: 200,
    description: 'Signed out.',
    schema: z.object({ signed_out: z.literal(true).describe('Always true.') }),
  },
  errors: ['FORBIDDEN', ...SERVER_ERRORS],
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
  errors: ['UNAUTHORIZED', ...SERVER_ERRORS],
});

export const createKeyOperation = defineOperation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/account/keys',
  group: 'account',
  summary: 'Create an API key',
  description:
    'Creates a key for the account. The full key is in this response only; afterwards it is shown as prefix and last four characters.',
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
  response: {
    status: 200,
    description: 'The keys (never in full).',
    schema: z.object({ keys: z.array(apiKeySummarySchema).describe('Keys of the account.') }),
  },
  errors: ['UNAUTHORIZED', ...SERVER_ERRORS],
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
  response: {
    status: 200,
    description: 'The revoked key.',
    schema: z.object({ key: apiKeySummarySchema.describe('The key, now revoked.') }),
  },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...SERVER_ERRORS],
});

export const subscribeOperation = defineOperation({
  operationId: 'subscribe',
  method: 'POST',
  path: '/api/subscriptions',
  group: 'account',
  summary: 'Subscribe to an API',
  description:
    'Subscribes the account to an active API at a tier. Coming-soon APIs and the Custom tier (by contact) cannot be subscribed. Subscribing again to the same API changes the tier; the tier it already has is 409 CONFLICT. Without a subscription, every active API can be called on the Free tier.',
  auth: 'session',
  body: subscribeRequestSchema,
  response: {
    status: 201,
    description: 'The subscription.',
    schema: z.object({ subscription: subscriptionSchema.describe('The new subscription.') }),
  },
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
  response: {
    status: 200,
    description: 'The subscriptions.',
    schema: z.object({
      subscriptions: z.array(subscriptionSchema).describe('Subscriptions of the account.'),
    }),
  },
  errors: ['UNAUTHORIZED', ...SERVER_ERRORS],
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
  response: {
    status: 200,
    description: 'The cancelled subscription.',
    schema: z.object({ subscription: subscriptionSchema.describe('The subscription, now cancelled.') }),
  },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...SERVER_ERRORS],
});

export const usageOperation = defineOperation({
  operationId: 'getUsage',
  method: 'GET',
  path: '/api/account/usage',
  group: 'account',
  summary: "This month's usage",
  description:
    'Usage of the current billing month per API and per key, the remaining quota of each tier, and the last 20 requests.',
  auth: 'session',
  response: { status: 200, description: 'Usage this billing month.', schema: usageSchema },
  errors: ['UNAUTHORIZED', ...SERVER_ERRORS],
});

export const requestLogOperation = defineOperation({
  operationId: 'listRequests',
  method: 'GET',
  path: '/api/account/requests',
  group: 'account',
  summary: 'Request log',
  description:
    "The account's API calls of the last 30 days (at most the newest 10,000), newest first: time, API, key, method and path, status, duration, images counted, and the request and response bodies cut to a few KB (image URLs kept, base64 data and uploaded files' bytes not stored: uploads are named by field, filename, size and type). Filter by API, key and status class; page with `before`.",
  auth: 'session',
  query: requestLogQuerySchema,
  response: { status: 200, description: 'One page of calls.', schema: requestLogPageSchema },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', ...SERVER_ERRORS],
});

export const getAlertsOperation = defineOperation({
  operationId: 'getUsageAlerts',
  method: 'GET',
  path: '/api/account/alerts',
  group: 'account',
  summary: 'Usage alerts',
  description:
    "The account's usage thresholds, its alert webhook with the secret that signs its calls, and the last 50 alerts that fired.",
  auth: 'session',
  response: { status: 200, description: 'The alerts.', schema: alertSettingsSchema },
  errors: ['UNAUTHORIZED', ...SERVER_ERRORS],
});

export const saveAlertsOperation = defineOperation({
  operationId: 'saveUsageAlerts',
  method: 'PUT',
  path: '/api/account/alerts',
  group: 'account',
  summary: 'Set usage alerts',
  description:
    "Replaces the account's thresholds (a share of 1-100 % of an API subscription's monthly quota, or a number of images a month for one API or across the account) and its webhook. An alert fires once per threshold and billing month, when a call's usage is recorded: it shows in the dashboard and, with a webhook, is POSTed there signed like batch callbacks (`Optiq-Signature`, keyed with `webhook_secret`) and retried on the job queue. The webhook URL follows the batch callbacks' address rules (http(s), ports 80/443, no credentials, no private, loopback or internal address).",
  auth: 'session',
  body: alertSettingsRequestSchema,
  response: { status: 200, description: 'The alerts as saved.', schema: alertSettingsSchema },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', ...COMMON_ERRORS],
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
  requestLogOperation,
  getAlertsOperation,
  saveAlertsOperation,
] as const;
