import {
  contactBodySchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSubmissionSchema,
} from '../schemas/contact';
import { defineOperation } from './operation';
import { JSON_BODY_ERRORS, SERVER_ERRORS } from './common';

/** POST /api/contacts */
export const createContactOperation = defineOperation({
  operationId: 'createContact',
  method: 'POST',
  path: '/api/contacts',
  group: 'contact',
  summary: 'Send a contact request',
  description:
    'Stores a contact request for the sales team (the Contact Us and sign-up dialogs). Field errors come back in `details.fields`.',
  auth: 'none',
  body: contactBodySchema,
  response: { status: 201, description: 'The stored submission.', schema: contactSubmissionSchema },
  errors: [...JSON_BODY_ERRORS, 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', ...SERVER_ERRORS],
  rateLimit: 'contacts',
  examples: {
    request: [
      {
        summary: 'A contact request from the pricing page',
        value: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          message: 'We list 40,000 homes a month; can we try the detect API?',
          pageName: 'Pricing',
        },
      },
    ],
  },
});

/** GET /api/contacts */
export const listContactsOperation = defineOperation({
  operationId: 'listContacts',
  method: 'GET',
  path: '/api/contacts',
  group: 'admin',
  summary: 'List contact submissions',
  description:
    'Contact submissions, newest first, a page at a time (keyset pagination with `cursor`). Admin session only.',
  auth: 'admin',
  query: contactListQuerySchema,
  response: { status: 200, description: 'One page of submissions.', schema: contactPageSchema },
  errors: ['INVALID_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', ...SERVER_ERRORS],
});
