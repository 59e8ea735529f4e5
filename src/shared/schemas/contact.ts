/**
 * The contact request (POST /api/contacts), shared by the function and the contact and sign-up
 * dialogs, so a visitor reads the same plain words before sending as the server answers after.
 * Browser-safe: no server imports. Every message says what to do, in the visitor's words, never
 * the validator's ("String must contain at least 1 character(s)").
 */
import { z } from 'zod';
import { isSafeText, SAFE_TEXT_MESSAGE } from './safe-text';
import './zod-config';

/** Most characters per field; the function rejects anything longer. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, pageName: 100 } as const;

/** Largest accepted request body: the four fields at their limits fit with room to spare. */
export const CONTACT_MAX_BODY_BYTES = 16 * 1024;

/** The field errors of the contact form, as the dialog and the server's 400 show them. */
export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.name} characters or fewer`,
  email: 'Please enter a valid email address',
  emailTooLong: `Please keep your email address to ${CONTACT_LIMITS.email} characters or fewer`,
  message: 'Please tell us how we can help',
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters or fewer`,
  pageName: 'The page name is missing',
  pageNameTooLong: `The page name must be ${CONTACT_LIMITS.pageName} characters or fewer`,
} as const;

/** A required, trimmed text field: `missing` for absent, non-text or blank input. */
function text(max: number, missing: string, tooLong: string) {
  return z
    .string({ error: missing })
    .refine(isSafeText, SAFE_TEXT_MESSAGE)
    .trim()
    .min(1, missing)
    .max(max, tooLong);
}

export const contactRequestSchema = z.object(
  {
    name: text(CONTACT_LIMITS.name, CONTACT_MESSAGES.name, CONTACT_MESSAGES.nameTooLong).describe(
      "Sender's name (1-100 characters).",
    ),
    email: text(CONTACT_LIMITS.email, CONTACT_MESSAGES.email, CONTACT_MESSAGES.emailTooLong)
      .pipe(z.email({ error: CONTACT_MESSAGES.email }))
      .describe('Business email address to answer to.'),
    message: text(CONTACT_LIMITS.message, CONTACT_MESSAGES.message, CONTACT_MESSAGES.messageTooLong).describe(
      'What the sender needs (1-5,000 characters).',
    ),
    pageName: text(
      CONTACT_LIMITS.pageName,
      CONTACT_MESSAGES.pageName,
      CONTACT_MESSAGES.pageNameTooLong,
    ).describe('Name of the page the form was sent from, e.g. `Pricing`.'),
  },
  { error: 'Please send the contact form as a JSON object with name, email, message and pageName' },
);

/** What the dialog sends. */
/** The validated, trimmed request. */
export type ContactRequest = z.output<typeof contactRequestSchema>;

/**
 * Name of the contact form's honeypot field: hidden from people and assistive tech, filled in by
 * form-filling bots. The dialogs send it only when something typed into it; the server answers a
 * filled one like a success and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

/** The request body the endpoint accepts: the contact request plus the optional honeypot. */
export const contactBodySchema = contactRequestSchema.extend({
  [HONEYPOT_FIELD]: z
    .string()
    .max(2000)
    .optional()
    .describe('Leave out: a form field people never see (spam protection).'),
});

/** A stored contact submission as the API returns it. */
export const contactSubmissionSchema = z
  .object({
    id: z.string().describe('Id of the stored submission (UUID).'),
    name: z.string().describe("Sender's name."),
    email: z.string().describe("Sender's email address."),
    message: z.string().describe('The message as sent.'),
    pageName: z.string().describe('Page the form was sent from.'),
    createdAt: z.string().describe('When it was received (ISO 8601).'),
  })
  .meta({ id: 'ContactSubmission', description: 'A stored contact submission.' });
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;

/** Page size bounds of `GET /api/contacts`. */
export const CONTACT_PAGE = { default: 50, max: 100 } as const;

/** Query string of `GET /api/contacts`: `limit` (1-100, default 50) and an opaque `cursor`. */
export const contactListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Expected number' })
    .int('Expected integer')
    .min(1, 'Number must be greater than or equal to 1')
    .max(CONTACT_PAGE.max, `Number must be less than or equal to ${CONTACT_PAGE.max}`)
    .default(CONTACT_PAGE.default)
    .describe('Rows per page (1-100, default 50).'),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('`next_cursor` of the previous page; leave out for the first page.'),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** One page of `GET /api/contacts`, newest first. */
export const contactPageSchema = z.object({
  items: z.array(contactSubmissionSchema).describe('Submissions of this page, newest first.'),
  total: z.number().int().describe('Number of stored submissions in all.'),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});
export type ContactPage = z.output<typeof contactPageSchema>;
