/** An account's API keys: create (the full key returned once), list, revoke. */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import type { ApiKeySummary } from '../../shared/schemas/account';
import { generateApiKey, hashApiKey, keyDisplay } from './api-key';

/** Keys one account may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_KEYS = 20;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const summary = (r: KeyRow): ApiKeySummary => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  last4: r.last4,
  created_at: new Date(r.created_at).toISOString(),
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
});

const COLUMNS = ['id', 'name', 'prefix', 'last4', 'created_at', 'last_used_at', 'revoked_at'] as const;

/** Creates a key; the only place the full key exists is the return value. */
export async function createApiKey(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<ApiKeySummary & { key: string }> {
  const active = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(active.n) >= MAX_ACTIVE_KEYS) {
    throw new HttpError(
      400,
      'INVALID_REQUEST',
      `An account can hold ${MAX_ACTIVE_KEYS} active keys; revoke one first`,
    );
  }
  const key = generateApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({ user_id: userId, name, key_hash: hashApiKey(key), ...keyDisplay(key) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...summary(row), key };
}

/** The account's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(summary);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes one of the account's keys (again: a no-op); 404 when the account has no such key. */
export async function revokeApiKey(
  db: Kysely<Database>,
  userId: string,
  keyId: string,
  now: Date = new Date(),
): Promise<ApiKeySummary> {
  if (!UUID.test(keyId)) throw new HttpError(404, 'NOT_FOUND', 'No such key');
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such key');
  return summary(row);
}

export { UUID as UUID_PATTERN };
