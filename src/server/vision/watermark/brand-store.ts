/**
 * Per-account brand lists: wordmarks an account adds (with its key) to the default list the
 * watermark analysis matches text against. Every query is scoped by the account, so one
 * account never sees, changes or uses another's brands. SQL only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { toJson } from '../../db/tables';
import { HttpError } from '../../http/errors';
import { DEFAULT_BRANDS, normalizeText, type Brand } from './brands';

/** Brands one account may add. */
export const MAX_ACCOUNT_BRANDS = 200;

export interface AccountBrand {
  id: string;
  name: string;
  aliases: string[];
  created_at: string;
}

const toBrand = (r: { id: string; name: string; aliases: string[]; created_at: Date }): AccountBrand => ({
  id: r.id,
  name: r.name,
  aliases: Array.isArray(r.aliases) ? r.aliases : [],
  created_at: new Date(r.created_at).toISOString(),
});

/** The account's brands, oldest first. */
export async function listAccountBrands(db: Kysely<Database>, userId: string): Promise<AccountBrand[]> {
  const rows = await db
    .selectFrom('watermark_brands')
    .select(['id', 'name', 'aliases', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toBrand);
}

/**
 * Adds a brand to the account's list. 409 CONFLICT when the account already has it (compared
 * without case, spaces or punctuation) or has reached MAX_ACCOUNT_BRANDS.
 */
export async function addAccountBrand(
  db: Kysely<Database>,
  userId: string,
  input: { name: string; aliases?: string[] | undefined },
): Promise<AccountBrand> {
  const name = input.name.trim();
  const nameKey = normalizeText(name);
  if (nameKey.length < 3) {
    throw new HttpError(400, 'INVALID_REQUEST', 'A brand name needs at least 3 letters or digits', {
      details: { fields: { name: 'at least 3 letters or digits' } },
    });
  }
  const aliases = [
    ...new Set((input.aliases ?? []).map((a) => a.trim()).filter((a) => normalizeText(a).length >= 3)),
  ];
  // The user row is locked for the count and the insert, so concurrent adds cannot pass the
  // limit together (each would count the same rows otherwise).
  const row = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const count = await trx
      .selectFrom('watermark_brands')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ACCOUNT_BRANDS) {
      throw new HttpError(
        409,
        'CONFLICT',
        `This account already has ${MAX_ACCOUNT_BRANDS} brands; remove one before adding another.`,
        { details: { limit: MAX_ACCOUNT_BRANDS } },
      );
    }
    return trx
      .insertInto('watermark_brands')
      .values({ user_id: userId, name, name_key: nameKey, aliases: toJson(aliases) })
      .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
      .returning(['id', 'name', 'aliases', 'created_at'])
      .executeTakeFirst();
  });
  if (!row)
    throw new HttpError(409, 'CONFLICT', `"${name}" is already on this account's brand list.`, {
      details: { name },
    });
  return toBrand(row);
}

/**
 * Removes one of the account's brands. Idempotent: false when the account has no brand with
 * that id (never removed, already removed, or another account's).
 */
export async function removeAccountBrand(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(id)) return false;
  const deleted = await db
    .deleteFrom('watermark_brands')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The brand list the analysis uses for an account: the default list, then the account's own. */
export async function brandsForAccount(db: Kysely<Database>, userId: string): Promise<Brand[]> {
  const own = await listAccountBrands(db, userId);
  return [...DEFAULT_BRANDS, ...own.map((b) => ({ name: b.name, aliases: b.aliases }))];
}
