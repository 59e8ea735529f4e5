/**
 * The environment of the vision function tests: a freshly migrated (and seeded) database set as
 * the process database, and fixture photos served on loopback, which the tests opt into with
 * VISION_ALLOW_PRIVATE_URLS. Call once at the top of a test file.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { createTestAccount, type TestAccount } from './test-account';
import { seed, setDb } from '../../src/server/db';
import { createTestDb } from './test-db';
import { startTestImageServer, type TestImageServer } from './test-image-server';

export interface VisionEnv {
  /** URL of a fixture photo on the loopback server, e.g. `img('dog.jpg')`. */
  img: (name: string) => string;
  /** The loopback server (for its origin and misbehaving routes). */
  server(): TestImageServer;
  /** `Authorization` header of an account subscribed to object detection (premium tier; seeded env only). */
  auth(): Record<string, string>;
  /** That account. */
  account(): TestAccount;
}

export function useVisionEnv({ seeded = true }: { seeded?: boolean } = {}): VisionEnv {
  let server: TestImageServer | undefined;
  let close: (() => Promise<void>) | undefined;
  let account: TestAccount | undefined;
  beforeAll(async () => {
    const testDb = await createTestDb();
    if (seeded) {
      await seed(testDb.db);
      account = await createTestAccount(testDb.db);
    }
    setDb(testDb.db);
    close = testDb.close;
    server = await startTestImageServer();
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    await close?.();
  });
  const get = () => {
    if (!server) throw new Error('useVisionEnv: the server starts in beforeAll');
    return server;
  };
  const getAccount = () => {
    if (!account) throw new Error('useVisionEnv: the account is created in beforeAll of a seeded env');
    return account;
  };
  return {
    server: get,
    img: (name) => `${get().origin}/images/${name}`,
    account: getAccount,
    auth: () => ({ Authorization: `Bearer ${getAccount().key}` }),
  };
}
