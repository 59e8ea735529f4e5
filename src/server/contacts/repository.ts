/** SQL for the contacts table. Submissions are only ever inserted and read, never updated. */
import { sql, type Kysely } from 'kysely';
import type { ContactRow, Database, NewContact } from '../db';

export function insertContact(db: Kysely<Database>, contact: NewContact): Promise<ContactRow> {
  return db.insertInto('contacts').values(contact).returningAll().executeTakeFirstOrThrow();
}

/** Position of a row in the newest-first order; the page after it starts below it. */
export interface ContactKey {
  createdAt: Date;
  id: string;
}

/**
 * Up to `limit` submissions, newest first, strictly after `after` in that order. Keyset
 * pagination on (created_at, id): each page is an index range scan, however deep.
 */
export function listContacts(
  db: Kysely<Database>,
  { limit, after }: { limit: number; after?: ContactKey | undefined },
): Promise<ContactRow[]> {
  let q = db.selectFrom('contacts').selectAll();
  if (after) {
    q = q.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countContacts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
