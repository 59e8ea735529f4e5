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
  return z.string({ error: missing }).refine(isSafeText, SAFE_TEXT_MESSAGE).trim().min(1, missing).max(max, tooLong);
}

export const contactRequestSchema = z.object(
  {
    /** Sender's name as typed in the dialog. */
    name: text(CONTACT_LIMITS.name, CONTACT_MESSAGES.name, CONTACT_MESSAGES.nameTooLong),
    /** Business email address to answer to. */
    email: text(CONTACT_LIMITS.email, CONTACT_MESSAGES.email, CONTACT_MESSAGES.emailTooLong).pipe(
      z.email({ error: CONTACT_MESSAGES.email }),
    ),
    /** What the visitor needs. */
    message: text(CONTACT_LIMITS.message, CONTACT_MESSAGES.message, CONTACT_MESSAGES.messageTooLong),
    /** Name of the page the dialog was opened from, e.g. `Pricing`. */
    pageName: text(CONTACT_LIMITS.pageName, CONTACT_MESSAGES.pageName, CONTACT_MESSAGES.pageNameTooLong),
  },
  { error: 'Please send the contact form as a JSON object with name, email, message and pageName' },
);

/** What the dialog sends. */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
/** The validated, trimmed request. */
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** A stored contact submission as the API returns it (spec 3). */
export interface ContactSubmission {
  id: string;
  name: string;
  email: string;
  message: string;
  pageName: string;
  /** ISO 8601 timestamp. */
  createdAt: string;
}
