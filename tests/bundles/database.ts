/**
 * A real database the unpacked functions connect to over the network, as deployed functions do:
 * embedded PGlite served on a loopback port (src/server/db/pglite-server.ts), migrated, seeded,
 * with an account subscribed to every API and an admin login.
 */
import { randomBytes } from 'node:crypto';
import { subscribe } from '../../src/server/account/subscriptions';
import { createTestAccount } from '../support/test-account';
import { hashPassword } from '../../src/server/auth/password';
import { createDb, migrateToLatest, seed } from '../../src/server/db';
import { servePglite } from '../../src/server/db/pglite-server';
import { ORIGIN, type BundleState } from './cases';

export interface BundleDatabase {
  /** Environment of every function process: the database, the admin login, the site's origin. */
  env: Record<string, string>;
  state: BundleState;
  close: () => Promise<void>;
}

const API_IDS: readonly [string, ...string[]] = [
  'image-object-detection',
  'image-classification',
  'image-captioning',
  'similar-image-search',
  'photo-authenticity',
  'watermark-detection',
  'facial-attribute-analysis',
  'virtual-inspection',
];

export async function startBundleDatabase(): Promise<BundleDatabase> {
  const server = await servePglite('memory://');
  const db = createDb({ kind: 'postgres', url: server.url }, { max: 1 });
  try {
    await migrateToLatest(db);
    await seed(db);
    const account = await createTestAccount(db, { apiId: API_IDS[0] });
    for (const apiId of API_IDS.slice(1)) await subscribe(db, account.userId, apiId, 'pay-per-use');
    const adminPassword = randomBytes(12).toString('base64url');
    const env = {
      DATABASE_URL: server.url,
      URL: ORIGIN,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD_HASH: await hashPassword(adminPassword, { N: 2 ** 10, r: 8, p: 1 }),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // What Netlify's Lambda sets: the engines run in-process, as deployed.
      AWS_LAMBDA_FUNCTION_NAME: 'optiq-bundle-test',
      NODE_ENV: 'production',
    };
    return {
      env,
      state: { apiKey: account.key, adminUsername: 'admin', adminPassword },
      close: async () => {
        await db.destroy();
        await server.close();
      },
    };
  } catch (error) {
    await db.destroy();
    await server.close();
    throw error;
  }
}
