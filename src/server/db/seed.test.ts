import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../catalogue/test-fixtures';
import { DEFAULT_CONTENT_DIR, loadCatalogue, seed } from './seed';
import type { Database } from './tables';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';

async function snapshot(db: Kysely<Database>) {
  return {
    apis: await db.selectFrom('apis').selectAll().orderBy('id').execute(),
    useCases: await db.selectFrom('use_cases').selectAll().orderBy('id').execute(),
    categories: await db.selectFrom('api_categories').selectAll().orderBy('id').execute(),
    // xmin changes whenever a row is rewritten, so equal xmins prove nothing was touched.
    versions: await db
      .selectFrom('apis')
      .select((eb) => eb.ref('xmin' as never).as('xmin'))
      .orderBy('id')
      .execute(),
  };
}

describe('seed', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it('inserts the catalogue, then a second run changes nothing', async () => {
    const first = await seed(t.db, { catalogue: fixtureCatalogue });
    expect(first).toEqual({ apis: 2, useCases: 1, apiCategories: 1 });
    const before = await snapshot(t.db);
    expect(before.apis[0]).toMatchObject({
      id: 'image-object-detection',
      price: '0.05',
      features: ['Batches of up to 20 images'],
    });
    expect(before.apis[1]?.price).toBe('20.00');

    const second = await seed(t.db, { catalogue: fixtureCatalogue });
    expect(second).toEqual({ apis: 0, useCases: 0, apiCategories: 0 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('updates a changed entry in place', async () => {
    const changed = structuredClone(fixtureCatalogue);
    changed.apis[0]!.price = 0.07;
    expect(await seed(t.db, { catalogue: changed })).toEqual({ apis: 1, useCases: 0, apiCategories: 0 });
    const row = await t.db
      .selectFrom('apis')
      .select('price')
      .where('id', '=', 'image-object-detection')
      .executeTakeFirstOrThrow();
    expect(row.price).toBe('0.07');
  });

  it('reads content folders and names the file and field that do not match the schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'optiq-content-'));
    mkdirSync(join(dir, 'api-categories'));
    writeFileSync(
      join(dir, 'api-categories', 'kitchen.json'),
      JSON.stringify({ id: 'kitchen', name: 'Kitchen', objects: ['oven'] }),
    );
    expect(await loadCatalogue(dir)).toEqual({
      apis: [],
      useCases: [],
      apiCategories: [{ id: 'kitchen', name: 'Kitchen', objects: ['oven'] }],
    });

    writeFileSync(
      join(dir, 'api-categories', 'bad.json'),
      JSON.stringify({ id: 'Bad Id', name: 'Bad', objects: [] }),
    );
    await expect(loadCatalogue(dir)).rejects.toThrow(/bad\.json[\s\S]*objects/);
  });

  it.runIf(existsSync(join(DEFAULT_CONTENT_DIR, 'apis')))(
    'seeds the real content/ idempotently',
    async () => {
      const real = await createTestDb();
      try {
        const first = await seed(real.db);
        expect(first.apis).toBeGreaterThan(0);
        const before = await snapshot(real.db);
        await seed(real.db);
        expect(await snapshot(real.db)).toEqual(before);
      } finally {
        await real.close();
      }
    },
  );
});
