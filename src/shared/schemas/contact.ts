/**
 * The contact request (POST /api/contacts), shared by the function and the contact and sign-up
 * dialogs so a visitor sees the server's messages before sending anything. Browser-safe: no
 * server imports. Messages follow the spec's default validator wording ('Required',
 * 'Invalid email', 'String must contain at least N character(s)').
 */
import { z } from 'zod';
import { isSafeText, SAFE_TEXT_MESSAGE } from './safe-text';
import './zod-config';

/** Most characters per field; the function rejects anything longer. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, pageName: 100 } as const;

/** Largest accepted request body: the four fields at their limits fit with room to spare. */
export const CONTACT_MAX_BODY_BYTES = 16 * 1024;

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** A required, trimmed string field with the spec's default messages. */
function text(max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Required' : `Expected string, received ${received(issue.input)}`,
    })
    .refine(isSafeText, SAFE_TEXT_MESSAGE)
    .trim()
    .min(1, 'String must contain at least 1 character(s)')
    .max(max, `String must contain at most ${max} character(s)`);
}

export const contactRequestSchema = z.object(
  {
    /** Sender's name as typed in the dialog. */
    name: text(CONTACT_LIMITS.name),
    /** Business email address to answer to. */
    email: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'Required' : `Expected string, received ${received(issue.input)}`,
      })
      .refine(isSafeText, SAFE_TEXT_MESSAGE)
      .trim()
      .max(CONTACT_LIMITS.email, `String must contain at most ${CONTACT_LIMITS.email} character(s)`)
      .pipe(z.email({ error: 'Invalid email' })),
    /** What the visitor needs. */
    message: text(CONTACT_LIMITS.message),
    /** Name of the page the dialog was opened from, e.g. `Pricing`. */
    pageName: text(CONTACT_LIMITS.pageName),
  },
  { error: (issue) => `Expected object, received ${received(issue.input)}` },
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
