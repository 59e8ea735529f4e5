/**
 * The contact form's honeypot (`HONEYPOT_FIELD`, declared with the contract in
 * src/shared/schemas/contact.ts): a filled one is a bot, answered like a success.
 */
import { randomUUID } from 'node:crypto';
import type { ContactRequest, ContactSubmission } from './schema';

/** The 201 body a real submission would get, for a request that is silently dropped. */
export function pretendStored(req: ContactRequest, now: Date = new Date()): ContactSubmission {
  return {
    id: randomUUID(),
    name: req.name,
    email: req.email,
    message: req.message,
    pageName: req.pageName,
    createdAt: now.toISOString(),
  };
}
