import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, type TestDb } from '../../../../tests/support/test-db';
import { HttpError } from '../../http/errors';
import { DEFAULT_BRANDS, matchBrand } from './brands';
import {
  MAX_ACCOUNT_BRANDS,
  addAccountBrand,
  brandsForAccount,
  listAccountBrands,
  removeAccountBrand,
} from './brand-store';

let t: TestDb;
let alice: string;
let bob: string;
const user = async (name: string): Promise<string> =>
  (
    await t.db
      .insertInto('users')
      .values({ username: name, email: `${name}@example.test`, password: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestDb();
  alice = await user('brand-alice');
  bob = await user('brand-bob');
});
afterAll(async () => {
  await t.close();
});

const code = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.code}`;
    throw error;
  }
};

describe('per-account brand lists', () => {
  it("adds, lists and removes an account's brands, and the analysis list is the default list plus them", async () => {
    const added = await addAccountBrand(t.db, alice, {
      name: ' Northlight Images ',
      aliases: ['northlight.example', 'x', 'northlight.example'],
    });
    expect(added).toMatchObject({ name: 'Northlight Images', aliases: ['northlight.example'] });
    expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listAccountBrands(t.db, alice)).toEqual([added]);
    const list = await brandsForAccount(t.db, alice);
    expect(list.slice(0, DEFAULT_BRANDS.length)).toEqual(DEFAULT_BRANDS);
    expect(matchBrand('© northlight.example', list)?.brand).toBe('Northlight Images');
    expect(matchBrand('NORTHLIGHT IMAGES', list)?.brand).toBe('Northlight Images');
    expect(await removeAccountBrand(t.db, alice, added.id)).toBe(true);
    expect(await removeAccountBrand(t.db, alice, added.id)).toBe(false);
    expect(await listAccountBrands(t.db, alice)).toEqual([]);
    expect(matchBrand('NORTHLIGHT IMAGES', await brandsForAccount(t.db, alice))).toBeUndefined();
  });

  it("keeps accounts apart: one account neither sees, uses nor removes another's brands", async () => {
    const mine = await addAccountBrand(t.db, alice, { name: 'Kestrel Media' });
    expect(await listAccountBrands(t.db, bob)).toEqual([]);
    expect(matchBrand('Kestrel Media', await brandsForAccount(t.db, bob))).toBeUndefined();
    expect(matchBrand('Kestrel Media', await brandsForAccount(t.db, alice))?.brand).toBe('Kestrel Media');
    expect(await removeAccountBrand(t.db, bob, mine.id)).toBe(false);
    expect(await listAccountBrands(t.db, alice)).toHaveLength(1);
    // The same brand on another account is fine.
    expect(await code(addAccountBrand(t.db, bob, { name: 'Kestrel Media' }))).toBe('ok');
  });

  it('refuses a duplicate (ignoring case and punctuation), a name without 3 letters and more than the limit; removes nothing for an unknown id', async () => {
    const carol = await user('brand-carol');
    await addAccountBrand(t.db, carol, { name: 'Oak & Ash' });
    expect(await code(addAccountBrand(t.db, carol, { name: 'OAK ASH' }))).toBe('409 CONFLICT');
    expect(await code(addAccountBrand(t.db, carol, { name: '#!' }))).toBe('400 INVALID_REQUEST');
    expect(await removeAccountBrand(t.db, carol, 'not-a-uuid')).toBe(false);
    expect(await removeAccountBrand(t.db, carol, '00000000-0000-4000-8000-000000000000')).toBe(false);
    for (let i = 1; i < MAX_ACCOUNT_BRANDS; i++) await addAccountBrand(t.db, carol, { name: `Brand ${i}` });
    expect(await listAccountBrands(t.db, carol)).toHaveLength(MAX_ACCOUNT_BRANDS);
    expect(await code(addAccountBrand(t.db, carol, { name: 'One Too Many' }))).toBe('409 CONFLICT');
  });

  it('holds the limit when adds race: of five concurrent adds two below the limit, exactly two land', async () => {
    const erin = await user('brand-erin');
    for (let i = 1; i <= MAX_ACCOUNT_BRANDS - 2; i++)
      await addAccountBrand(t.db, erin, { name: `Brand ${i}` });
    // Open every pooled connection first, so the adds really run side by side on PostgreSQL.
    if (t.engine === 'postgres')
      await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(t.db)));
    const outcomes = await Promise.all(
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) =>
        code(addAccountBrand(t.db, erin, { name: `Race ${name}` })),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
    expect(outcomes.filter((o) => o === '409 CONFLICT')).toHaveLength(3);
    expect(await listAccountBrands(t.db, erin)).toHaveLength(MAX_ACCOUNT_BRANDS);
  });

  it("removes an account's brands with the account", async () => {
    const dave = await user('brand-dave');
    await addAccountBrand(t.db, dave, { name: 'Harbour Lights' });
    await t.db.deleteFrom('users').where('id', '=', dave).execute();
    expect(
      await t.db.selectFrom('watermark_brands').select('id').where('user_id', '=', dave).execute(),
    ).toEqual([]);
  });
});
