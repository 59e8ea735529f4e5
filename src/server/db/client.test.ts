import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client';

describe('embedded database folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'optiq-db-folder-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created with its missing parents, as on a fresh clone without .data/', async () => {
    const dataDir = join(root, '.data', 'nested', 'pglite');
    const db = createDb({ kind: 'pglite', dataDir });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await db.destroy();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
