import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '../../../../tests/support/test-account';
import { seed } from '../seed';
import { createTestDb, type TestDb } from '../../../../tests/support/test-db';
import { down, up } from './2026_11_23_030000_pay_per_use_tier';

describe('migration 2026_11_23_030000_pay_per_use_tier', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seed(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('renames pay per use from `standard` to `pay-per-use` only for APIs without bundles', async () => {
    const payPerUse = await createTestAccount(t.db, { apiId: 'photo-authenticity', tier: 'pay-per-use' });
    const bundle = await createTestAccount(t.db, { apiId: 'image-object-detection', tier: 'standard' });
    // As rows were stored before the migration.
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'standard' })
      .where('id', '=', payPerUse.subscriptionId)
      .execute();

    await up(t.db);
    const tierOf = async (id: string) =>
      (await t.db.selectFrom('subscriptions').select('tier').where('id', '=', id).executeTakeFirstOrThrow())
        .tier;
    expect(await tierOf(payPerUse.subscriptionId)).toBe('pay-per-use');
    expect(await tierOf(bundle.subscriptionId)).toBe('standard');

    await down(t.db);
    expect(await tierOf(payPerUse.subscriptionId)).toBe('standard');
    expect(await tierOf(bundle.subscriptionId)).toBe('standard');
  });
});
