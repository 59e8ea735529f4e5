/**
 * Server-side sessions (src/server/auth/session-store.ts): one row per login, found by a hash of
 * the random token in the cookie, so logging out revokes the session on the server and a copied
 * cookie stops working. `kind` + `subject` let one table serve the admin login now and user
 * accounts later. Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // SHA-256 of the cookie's token (base64url); the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Fingerprint of the credentials the session was issued for: changing them ends it.
    .addColumn('credential', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // Pruning deletes by expiry; "sign out everywhere" revokes by subject.
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('sessions_kind_subject_idx')
    .on('sessions')
    .columns(['kind', 'subject'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
