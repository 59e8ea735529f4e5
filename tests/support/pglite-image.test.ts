import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { migratedPgliteImage } from './pglite-image';
import { assertDatabaseAllowed, createTestDb, type TestDb } from './test-db';

const onPglite = !process.env['TEST_DATABASE_URL']?.trim();

describe.runIf(onPglite)('the run’s migrated PGlite image', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it('exists: the integration project’s global setup built it', async () => {
    const image = await migratedPgliteImage();
    expect(image?.size).toBeGreaterThan(1_000_000);
  });

  it('starts test databases with every migration applied', async () => {
    expect(t.engine).toBe('pglite');
    expect(await appliedMigrations(t.db)).toEqual(Object.keys(migrations).sort());
  });

  it('gives no image without the variable (scripts outside vitest migrate as before)', async () => {
    expect(await migratedPgliteImage({})).toBeUndefined();
  });
});

describe('unit tests open no database', () => {
  it('createTestDb refuses in the unit project and names where the file belongs', () => {
    expect(() => assertDatabaseAllowed({ TEST_NO_DATABASE: '1' })).toThrow(
      /integration project in vitest\.config\.ts/,
    );
    expect(() => assertDatabaseAllowed({})).not.toThrow();
  });
});
