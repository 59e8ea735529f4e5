import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, migrateDownToZero, migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import { toJson, type Database } from './tables';

const TABLES = [
  'api_categories',
  'apis',
  'contacts',
  'detection_results',
  'subscriptions',
  'use_cases',
  'users',
];

async function tables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

describe('migrations', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are named by timestamp so their order is the order they run in', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{4}_\d{2}_\d{2}_\d{6}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('go up to the latest, down to zero and up again', async () => {
    expect(await tables(t.db)).toEqual([]);
    const up = await migrateToLatest(t.db);
    expect(up.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    expect(await tables(t.db)).toEqual(expect.arrayContaining(TABLES));
    expect(await appliedMigrations(t.db)).toEqual(Object.keys(migrations));

    // Nothing pending: a second run does nothing.
    expect(await migrateToLatest(t.db)).toEqual([]);

    const down = await migrateDownToZero(t.db);
    expect(down.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
    expect(await tables(t.db)).toEqual([]);
    expect(await appliedMigrations(t.db)).toEqual([]);

    await migrateToLatest(t.db);
    expect(await tables(t.db)).toEqual(expect.arrayContaining(TABLES));
  });

  it('apply the spec defaults, uniques and references', async () => {
    const db = t.db;
    const user = await db
      .insertInto('users')
      .values({ username: 'ada', password: 'x', email: 'ada@example.com' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    // Keys and subscriptions live in their own tables (migration ..._accounts).
    expect(user).not.toHaveProperty('api_keys');
    expect(user).not.toHaveProperty('subscriptions');
    expect(user.created_at).toBeInstanceOf(Date);
    await expect(
      db.insertInto('users').values({ username: 'ada', password: 'y', email: 'other@example.com' }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('users').values({ username: 'bob', password: 'y', email: 'ada@example.com' }).execute(),
    ).rejects.toThrow();
    // Case-insensitively unique too.
    await expect(
      db.insertInto('users').values({ username: 'ADA', password: 'y', email: 'x@example.com' }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('users').values({ username: 'eve', password: 'y', email: 'Ada@Example.com' }).execute(),
    ).rejects.toThrow();

    await db
      .insertInto('apis')
      .values({
        id: 'x',
        name: 'X',
        description: 'd',
        category: 'c',
        price: 0.5,
        status: 'active',
        icon: 'fa-eye',
        features: toJson(['f']),
        endpoints: toJson([]),
      })
      .execute();
    const api = await db.selectFrom('apis').selectAll().where('id', '=', 'x').executeTakeFirstOrThrow();
    expect(api.price).toBe('0.50');
    expect(api.use_cases).toEqual([]);
    // price is required
    await expect(
      sql`insert into apis (id, name, description, category, status, icon, features, endpoints)
          values ('y', 'Y', 'd', 'c', 'active', 'fa-eye', '[]', '[]')`.execute(db),
    ).rejects.toThrow();

    const sub = await db
      .insertInto('subscriptions')
      .values({ user_id: user.id, api_id: 'x' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(sub.is_active).toBe(true);
    expect(sub.usage_count).toBe(0);
    expect(sub.subscription_date).toBeInstanceOf(Date);
    await expect(
      db.insertInto('subscriptions').values({ user_id: user.id, api_id: 'missing' }).execute(),
    ).rejects.toThrow();

    const det = await db
      .insertInto('detection_results')
      .values({
        api_id: 'x',
        image_urls: toJson(['https://e.x/a.jpg']),
        category: 'kitchen',
        mode: 'per_item',
        results: toJson([]),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(det.user_id).toBeNull();
    expect(Number(det.error_checks)).toBe(3);
    expect(det.timestamp).toBeInstanceOf(Date);

    const contact = await db
      .insertInto('contacts')
      .values({ name: 'n', email: 'e@example.com', message: 'm', page_name: 'Home' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(contact.created_at).toBeInstanceOf(Date);
    await expect(
      sql`insert into contacts (name, email, message) values ('n', 'e', 'm')`.execute(db),
    ).rejects.toThrow();
  });
});

// Parallel test files share one server, each in its own schema, and drop their schema on close.
describe.runIf(process.env['TEST_DATABASE_URL'])('migrations beside schemas being dropped', () => {
  it('run to the end while other sessions create and drop schemas full of tables', async () => {
    const churn = await createTestDb({ migrate: false });
    const fresh = await createTestDb({ migrate: false });
    let stop = false;
    // Each loop creates a schema of 40 tables and drops it again, as test files do on close:
    // a catalog read that lists a table and then looks it up by name loses the race.
    const loop = async (n: number) => {
      for (let round = 0; !stop; round++) {
        const name = `churn_${process.pid}_${n}_${round}`;
        await sql`create schema ${sql.id(name)}`.execute(churn.db);
        for (let i = 0; i < 40; i++)
          await sql`create table ${sql.id(name, `t${i}`)} (id serial primary key, a text, b int)`.execute(
            churn.db,
          );
        await sql`drop schema ${sql.id(name)} cascade`.execute(churn.db);
      }
    };
    const loops = [loop(1), loop(2), loop(3)];
    try {
      for (let i = 0; i < 4; i++) {
        await migrateToLatest(fresh.db);
        await migrateDownToZero(fresh.db);
      }
    } finally {
      stop = true;
      await Promise.allSettled(loops);
      await fresh.close();
      await churn.close();
    }
    await Promise.all(loops);
  });
});
