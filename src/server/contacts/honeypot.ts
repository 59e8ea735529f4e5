/**
 * The contact form's honeypot: a field people never see (hidden from sight and assistive tech)
 * but form-filling bots do. The dialogs send it only when something typed into it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ContactRequest, ContactSubmission } from './contact.schema';

/** Name of the honeypot field in the request body (the dialog uses the same name). */
export const HONEYPOT_FIELD = 'website';

/** Schema extension for the request: any string (bots fill it with anything), optional. */
export const honeypotSchema = { [HONEYPOT_FIELD]: z.string().max(2000).optional() } as const;

/** The 201 body a real submission would get, for a request that is silently dropped. */
export function pretendStored(req: ContactRequest, now: Date = new Date()): ContactSubmission {
  return { id: randomUUID(), name: req.name, email: req.email, message: req.message, pageName: req.pageName, createdAt: now.toISOString() };
}
