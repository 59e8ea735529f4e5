/** Contact submissions: store a request, list them for the admin page. */
import type { Kysely } from 'kysely';
import type { ContactRow, Database } from '../db';
import { HttpError } from '../http/errors';
import * as repo from './repository';
import type { ContactListQuery, ContactPage, ContactRequest, ContactSubmission } from './schema';

export function toSubmission(row: ContactRow): ContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    pageName: row.page_name,
    createdAt: row.created_at.toISOString(),
  };
}

/** Stores a validated request and returns it as stored. */
export async function createContact(db: Kysely<Database>, req: ContactRequest): Promise<ContactSubmission> {
  const row = await repo.insertContact(db, {
    name: req.name,
    email: req.email,
    message: req.message,
    page_name: req.pageName,
  });
  return toSubmission(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Cursor = base64url of `<created_at ms>.<id>` of the last row shown. */
export function encodeCursor(key: repo.ContactKey): string {
  return Buffer.from(`${key.createdAt.getTime()}.${key.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): repo.ContactKey {
  const [ms, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const time = Number(ms);
  if (extra !== undefined || !id || !UUID.test(id) || !Number.isSafeInteger(time)) {
    throw new HttpError(400, 'INVALID_REQUEST', 'cursor: Invalid cursor', {
      details: { fields: { cursor: ['Invalid cursor'] } },
    });
  }
  return { createdAt: new Date(time), id };
}

/** Newest first; fetches one extra row to know whether another page exists. */
export async function listContacts(db: Kysely<Database>, query: ContactListQuery): Promise<ContactPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([
    repo.listContacts(db, { limit: query.limit + 1, after }),
    repo.countContacts(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSubmission),
    total,
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
