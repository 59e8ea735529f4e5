/**
 * A ready-to-call account for tests, scripts and local tools: a user, an API key and an active
 * subscription, written straight to the database (the same tables and key format the endpoints
 * use). Never used by a request handler.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db';
import { hashPassword } from '../../src/server/auth/password';
import { generateApiKey, hashApiKey, keyDisplay } from '../../src/server/account/api-key';
import { subscribe } from '../../src/server/account/subscriptions';
import { billingPeriod } from '../../src/server/account/usage';
import { FREE_TIER } from '../../src/shared/free-tier';

export interface TestAccount {
  userId: string;
  username: string;
  /** The full key, for `Authorization: Bearer <key>`. */
  key: string;
  keyId: string;
  subscriptionId: string;
}

/** Creates an account subscribed to `apiId` at `tier` (default: object detection, premium) with one key. */
export async function createTestAccount(
  db: Kysely<Database>,
  {
    apiId = 'image-object-detection',
    tier = 'premium',
    username,
  }: { apiId?: string; tier?: string; username?: string } = {},
): Promise<TestAccount> {
  const account = await createFreeTestAccount(db, { username });
  const sub = await subscribe(db, account.userId, apiId, tier);
  return { ...account, subscriptionId: sub.id };
}

/** Creates an account with one key and no subscription: its calls run on the Free tier. */
export async function createFreeTestAccount(
  db: Kysely<Database>,
  { username }: { username?: string | undefined } = {},
): Promise<Omit<TestAccount, 'subscriptionId'>> {
  const name = username ?? `test-${randomBytes(6).toString('hex')}`;
  // A cheap hash: nobody logs in to a test account with its random password.
  const password = await hashPassword(randomBytes(16).toString('base64url'), { N: 2 ** 10, r: 8, p: 1 });
  const user = await db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.test`, password })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = generateApiKey();
  const keyRow = await db
    .insertInto('api_keys')
    .values({ user_id: user.id, name: 'test', key_hash: hashApiKey(key), ...keyDisplay(key) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, username: name, key, keyId: keyRow.id };
}

/**
 * Uses up the account's Free tier allowance this month: a call to an API it has no subscription
 * to is then refused (429 QUOTA_EXCEEDED, tier `free`) before any analysis runs.
 */
export async function useUpFreeTier(db: Kysely<Database>, userId: string): Promise<void> {
  const images = FREE_TIER.imagesPerMonth;
  await db
    .insertInto('free_usage_monthly')
    .values({ user_id: userId, period: billingPeriod(new Date()).key, images })
    .onConflict((oc) => oc.columns(['user_id', 'period']).doUpdateSet({ images }))
    .execute();
}

/** Request headers that authenticate as `account`. */
export const bearer = (account: Pick<TestAccount, 'key'>): Record<string, string> => ({
  Authorization: `Bearer ${account.key}`,
});
