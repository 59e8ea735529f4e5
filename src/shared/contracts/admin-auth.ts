import { z } from 'zod';
import { adminSessionSchema, adminSignedInSchema, adminSignedOutSchema } from '../schemas/admin-session';
import { defineOperation } from './operation';
import { JSON_BODY_ERRORS, SERVER_ERRORS } from './common';

/** POST /api/auth/login */
export const adminLoginOperation = defineOperation({
  operationId: 'adminLogin',
  method: 'POST',
  path: '/api/auth/login',
  group: 'admin',
  summary: 'Sign in as admin',
  description:
    'Checks the admin username and password, starts a server-side session and sets its cookie. Same-origin requests only; 503 when no admin login is configured.',
  auth: 'none',
  body: z.object({
    username: z.string().min(1, 'Required').max(200).describe('Admin username.'),
    password: z.string().min(1, 'Required').max(1000).describe('Admin password.'),
  }),
  response: {
    status: 200,
    description: 'Signed in; the session cookie is set.',
    schema: adminSignedInSchema,
  },
  errors: [
    ...JSON_BODY_ERRORS,
    'UNAUTHORIZED',
    'FORBIDDEN',
    'METHOD_NOT_ALLOWED',
    'RATE_LIMITED',
    ...SERVER_ERRORS,
  ],
  rateLimit: 'auth-login',
});

/** POST /api/auth/logout */
export const adminLogoutOperation = defineOperation({
  operationId: 'adminLogout',
  method: 'POST',
  path: '/api/auth/logout',
  group: 'admin',
  summary: 'Sign out',
  description: 'Revokes the admin session on the server and clears its cookie. Same-origin requests only.',
  auth: 'none',
  response: { status: 200, description: 'Signed out.', schema: adminSignedOutSchema },
  errors: ['FORBIDDEN', 'METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

/** GET /api/auth/session */
export const adminSessionOperation = defineOperation({
  operationId: 'adminSession',
  method: 'GET',
  path: '/api/auth/session',
  group: 'admin',
  summary: 'Check the admin session',
  description: 'Whether the request carries a live admin session. Always 200, signed in or not.',
  auth: 'none',
  response: { status: 200, description: 'The session state.', schema: adminSessionSchema },
  errors: ['METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  examples: { response: [{ summary: 'No admin session', value: { authenticated: false } }] },
});
