import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb } from './test-db';

describe('createTestDb', () => {
  it('runs on the engine the environment asks for', async () => {
    const { db, engine, close } = await createTestDb();
    try {
      expect(engine).toBe(process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite');
      const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
      expect(rows[0]?.version).toMatch(/PostgreSQL/);
    } finally {
      await close();
    }
  });

  it('gives every test its own database: rows in one are invisible in another', async () => {
    const a = await createTestDb();
    const b = await createTestDb();
    try {
      await a.db
        .insertInto('contacts')
        .values({ name: 'A', email: 'a@example.com', message: 'hi', page_name: 'Home' })
        .execute();
      const countIn = async (t: typeof a) =>
        Number(
          (
            await t.db
              .selectFrom('contacts')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await countIn(a)).toBe(1);
      expect(await countIn(b)).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
