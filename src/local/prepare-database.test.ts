import { describe, expect, it } from 'vitest';
import { getQueueConfig, setQueueConfig } from '../server/batch/queue';
import { getDb } from '../server/db';
import { prepareDatabase } from './prepare-database';

describe('prepareDatabase (npm run db:seed, and under npm start / npm run dev)', () => {
  it('migrates and seeds the catalogue and the gallery into the given database, without a queue when not asked to serve it', async () => {
    setQueueConfig(undefined);
    const lines: string[] = [];
    const prepared = await prepareDatabase({
      target: { kind: 'pglite', dataDir: 'memory://' },
      log: (line) => lines.push(line),
    });
    try {
      expect(prepared.pgliteServer).toBeUndefined();
      expect(getDb()).toBe(prepared.db);
      expect(prepared.seeded.apis).toBeGreaterThan(0);
      expect(prepared.gallery).toMatchObject({ galleryImages: expect.any(Number) });
      const apis = await prepared.db.selectFrom('apis').select('id').execute();
      expect(apis.length).toBe(prepared.seeded.apis);
      expect(lines.some((line) => line.startsWith('migration '))).toBe(true);
      expect(lines).toContain(`seeded ${JSON.stringify(prepared.seeded)}`);
      expect(getQueueConfig()?.connectionString ?? '').not.toMatch(/127\.0\.0\.1/);
    } finally {
      await prepared.close();
    }
  }, 120_000);
});
