import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import { createContact, decodeCursor, encodeCursor, listContacts } from './service';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe('listContacts', () => {
  it('pages newest first through every row exactly once, even with equal timestamps', async () => {
    const base = Date.UTC(2020, 0, 1, 12);
    // 23 rows; groups of three share a timestamp, so the id tiebreak matters.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      name: `n${i}`,
      email: `p${i}@example.com`,
      message: 'm',
      page_name: 'Home',
      created_at: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await t.db.insertInto('contacts').values(rows).execute();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await listContacts(t.db, { limit: 5, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(23);
      seen.push(...page.items.map((c) => c.name));
      pages += 1;
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    const times = (await t.db.selectFrom('contacts').select(['name', 'created_at']).execute()).reduce<
      Record<string, number>
    >((acc, r) => ({ ...acc, [r.name]: r.created_at.getTime() }), {});
    const ordered = seen.map((n) => times[n]!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  });

  it('shows a new submission first, in the API shape', async () => {
    const created = await createContact(t.db, {
      name: 'Newest',
      email: 'new@example.com',
      message: 'hi',
      pageName: 'Docs',
    });
    const page = await listContacts(t.db, { limit: 1 });
    expect(page.items).toEqual([created]);
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'email', 'id', 'message', 'name', 'pageName']);
  });

  it('round-trips cursors and refuses forged ones with 400', () => {
    const key = { createdAt: new Date(1_790_000_000_123), id: '0b9c1f57-4a53-4b1e-9d0f-5a0c2f3c1d2e' };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    for (const bad of [
      'nope',
      Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('x.0b9c1f57-4a53-4b1e-9d0f-5a0c2f3c1d2e').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(HttpError);
    }
  });
});
