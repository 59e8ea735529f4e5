/**
 * Client-side checks for the contact form, with the same zod schema the function uses, so a
 * visitor sees the server's messages before sending anything.
 */
import type { z } from 'zod';
import { contactRequestSchema } from '../../shared/schemas/contact';

export { HONEYPOT_FIELD } from '../../shared/schemas/contact';

export type ContactFieldName = 'name' | 'email' | 'message';
export type ContactFieldErrors = Partial<Record<ContactFieldName | 'pageName', string[]>>;

export interface ContactValues {
  name: string;
  email: string;
  message: string;
  pageName: string;
}

export type ContactValidation =
  { ok: true; data: z.output<typeof contactRequestSchema> } | { ok: false; errors: ContactFieldErrors };

/** Validates the visible fields plus the page name with the shared schema. */
export function validateContact(values: ContactValues): ContactValidation {
  const parsed = contactRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'name' || key === 'email' || key === 'message' || key === 'pageName')
      (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}
