/**
 * Server-side sessions: the cookie carries a random 256-bit token, the `sessions` table a
 * SHA-256 of it with the owner, expiry and revocation time. A session is valid only while its
 * row says so, so logging out (or "sign out everywhere") ends it on the server, and a database
 * leak yields no usable tokens. One table for every kind of login: `kind` is `admin` today,
 * user accounts add their own kind with the user id as `subject`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db';

/** The table this module owns (migration `..._sessions`). */
// Type aliases, not interfaces: `withTables` needs an index-signature-compatible shape.
export type SessionTable = {
  id: Generated<string>;
  kind: string;
  subject: string;
  token_hash: string;
  credential: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
export type SessionTables = { sessions: SessionTable };

/** What a session is for; each login flow uses its own kind. */
export type SessionKind = 'admin' | 'user';

/** A live session as the store returns it. */
export interface SessionRecord {
  id: string;
  kind: SessionKind;
  subject: string;
  credential: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Shape of a token this store issues: 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Starts a session; the token goes in the cookie and is not kept anywhere on the server. */
export async function createSession(
  db: Kysely<Database>,
  opts: { kind: SessionKind; subject: string; credential?: string | null; ttlMs: number },
  now: number = Date.now(),
): Promise<{ token: string; record: SessionRecord }> {
  const sdb = db.withTables<SessionTables>();
  // Logins are rare: sweeping expired rows here keeps the table small without a scheduler.
  await pruneSessions(db, now);
  const token = randomBytes(32).toString('base64url');
  const row = await sdb
    .insertInto('sessions')
    .values({
      kind: opts.kind,
      subject: opts.subject,
      token_hash: hashSessionToken(token),
      credential: opts.credential ?? null,
      created_at: new Date(now),
      expires_at: new Date(now + opts.ttlMs),
    })
    .returning(['id', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  return {
    token,
    record: {
      id: row.id,
      kind: opts.kind,
      subject: opts.subject,
      credential: opts.credential ?? null,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    },
  };
}

/** The live session of `kind` a token belongs to: not revoked, not expired; null otherwise. */
export async function findSession(
  db: Kysely<Database>,
  token: string | undefined,
  kind: SessionKind,
  now: number = Date.now(),
): Promise<SessionRecord | null> {
  // Anything not shaped like our tokens is refused without a query.
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .withTables<SessionTables>()
    .selectFrom('sessions')
    .select(['id', 'kind', 'subject', 'credential', 'created_at', 'expires_at'])
    .where('token_hash', '=', hashSessionToken(token))
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind,
    subject: row.subject,
    credential: row.credential,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Revokes the session a token belongs to; true when a live one was revoked. */
export async function revokeSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number = Date.now(),
): Promise<boolean> {
  if (!token || !TOKEN_SHAPE.test(token)) return false;
  const result = await db
    .withTables<SessionTables>()
    .updateTable('sessions')
    .set({ revoked_at: new Date(now) })
    .where('token_hash', '=', hashSessionToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live session of one subject ("sign out everywhere"); the number revoked. */
export async function revokeSubjectSessions(
  db: Kysely<Database>,
  kind: SessionKind,
  subject: string,
  now: number = Date.now(),
): Promise<number> {
  const result = await db
    .withTables<SessionTables>()
    .updateTable('sessions')
    .set({ revoked_at: new Date(now) })
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes sessions past their expiry (revoked ones included); the number deleted. */
export async function pruneSessions(db: Kysely<Database>, now: number = Date.now()): Promise<number> {
  const result = await db
    .withTables<SessionTables>()
    .deleteFrom('sessions')
    .where('expires_at', '<=', new Date(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
