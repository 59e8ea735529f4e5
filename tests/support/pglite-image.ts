/**
 * One migrated embedded database per test run: vitest's global setup (`pglite-global-setup.ts`)
 * runs every migration once on an in-memory PGlite and writes its data folder to a file named
 * by `TEST_PGLITE_IMAGE`; each test database then starts from that image instead of running
 * initdb and the migrations again (about 3-4 s of CPU per database, for ~50 test files).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatest } from '../../src/server/db/migrate';

/** The environment variable naming the image file; unset outside vitest (scripts), so no image. */
export const PGLITE_IMAGE_ENV = 'TEST_PGLITE_IMAGE';

/** Migrates a fresh in-memory PGlite (with the extensions `createPool` loads) and writes its data folder to `file`. */
export async function writeMigratedPgliteImage(file: string): Promise<void> {
  const [{ PGlite }, { createPgConfig }, { vector }, { default: pg }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
    import('@electric-sql/pglite-pgvector'),
    import('pg'),
  ]);
  const pglite = await PGlite.create('memory://', { extensions: { vector } });
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ ...createPgConfig(pglite), max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
    await db.destroy();
    // Uncompressed: ~40 MB on disk, read once per test file; gzip would cost more CPU per load than it saves.
    const image = await pglite.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await image.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

let loaded: Promise<Blob | undefined> | undefined;

/** The migrated image of this run, read once per process; `undefined` when there is none. */
export function migratedPgliteImage(
  env: Record<string, string | undefined> = process.env,
): Promise<Blob | undefined> {
  const file = env[PGLITE_IMAGE_ENV]?.trim();
  if (!file) return Promise.resolve(undefined);
  return (loaded ??= readFile(file).then((bytes) => new Blob([bytes])));
}
