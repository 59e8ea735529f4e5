/**
 * Vitest global setup of the integration tests: the run's migrated PGlite image
 * (`pglite-image.ts`), built once before any test file starts and deleted after the last. On a
 * real PostgreSQL server (`TEST_DATABASE_URL`) each test schema is migrated as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_IMAGE_ENV, writeMigratedPgliteImage } from './pglite-image';

export default async function setup(): Promise<() => void> {
  if (process.env['TEST_DATABASE_URL']?.trim() || process.env[PGLITE_IMAGE_ENV]?.trim()) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'optiq-pglite-image-'));
  const file = join(dir, 'migrated.tar');
  await writeMigratedPgliteImage(file);
  // Test workers start after global setup and inherit this environment.
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => {
    delete process.env[PGLITE_IMAGE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
