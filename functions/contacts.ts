import type { Config } from '@netlify/functions';
import { authorize } from '../src/server/auth/require-admin';
import { CONTACT_MAX_BODY_BYTES } from '../src/server/contacts/schema';
import { createContact, listContacts } from '../src/server/contacts/service';
import { pretendStored } from '../src/server/contacts/honeypot';
import { getDb } from '../src/server/db';
import { validationError } from '../src/server/http/errors';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { createContactOperation, listContactsOperation } from '../src/shared/contracts/contacts';
import { HONEYPOT_FIELD } from '../src/shared/schemas/contact';

/**
 * Contact requests per client per 10 minutes: plenty for people, a wall for scripts.
 * `CONTACT_RATE_LIMIT` overrides the count (load tests, busy shared offices).
 */
export function contactRateLimit(env: Record<string, string | undefined> = process.env) {
  const override = Number(env['CONTACT_RATE_LIMIT']);
  const policy = SITE_RATE_LIMITS.contacts;
  return { ...policy, limit: Number.isInteger(override) && override > 0 ? override : policy.limit };
}

/**
 * POST /api/contacts: stores a contact request and answers 201 with the stored
 * submission `{ id, name, email, message, pageName, createdAt }`.
 *
 * GET /api/contacts (admin only): newest first, paginated by keyset so thousands of rows stay
 * fast. Query: `limit` (1-100, default 50) and `cursor` (the previous page's `next_cursor`).
 * Answer: `{ items: ContactSubmission[], total, next_cursor }`; `next_cursor` is null on the
 * last page.
 */
export default defineHandler(['GET', 'POST'], async (req, ctx) => {
  const db = getDb();
  if (req.method === 'POST') {
    await enforceRateLimit(db, ctx, contactRateLimit());
    const { [HONEYPOT_FIELD]: trap, ...body } = await readJson(req, createContactOperation.body, {
      maxBytes: CONTACT_MAX_BODY_BYTES,
    });
    // A filled honeypot is a bot: answer exactly like a success so it learns nothing, store nothing.
    if (trap) return json(pretendStored(body), ctx, { status: 201 });
    const stored = await createContact(db, body);
    return json(stored, ctx, { status: 201 });
  }

  await authorize(req);
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const query = listContactsOperation.query.safeParse(params);
  if (!query.success) throw validationError(query.error);
  return json(await listContacts(db, query.data), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/contacts' };
