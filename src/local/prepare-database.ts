/**
 * The database set-up every local entry point shares (`npm start`, `npm run dev`,
 * `npm run db:seed`): picks the configured database, serves embedded PGlite on a loopback port
 * when the batch queue needs connections of its own, migrates, and seeds the catalogue and the
 * similar-image gallery.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_QUEUE_SCHEMA, setQueueConfig } from '../server/batch/queue';
import {
  closeDb,
  createDb,
  describeResults,
  getDb,
  migrateToLatest,
  resolveDbTarget,
  seed,
  setDb,
  type Database,
  type DbTarget,
  type SeedReport,
} from '../server/db';
import { servePglite, type PgliteServer } from '../server/db/pglite-server';
import { seedGallery, type GallerySeedReport } from '../server/vision/similar/gallery';

export interface PrepareDatabaseOptions {
  /**
   * Serve embedded PGlite on a loopback port and send every connection of this process through
   * it, so the batch queue can open connections of its own (src/server/db/pglite-server.ts
   * explains why). A one-shot script that runs no queue leaves it off.
   */
  serveEmbedded?: boolean;
  /** Progress lines (`migration ...`, `seeded ...`). */
  log?: (message: string) => void;
  /** The database to use; default from the environment (`resolveDbTarget()`). */
  target?: DbTarget;
}

export interface PreparedDatabase {
  db: Kysely<Database>;
  target: DbTarget;
  /** The loopback server of embedded PGlite, when one was started. */
  pgliteServer: PgliteServer | undefined;
  seeded: SeedReport;
  gallery: GallerySeedReport;
  /** Closes the process's database and the loopback server. */
  close(): Promise<void>;
}

/** Human-readable name of a database target, without credentials. */
export function describeDbTarget(target: DbTarget): string {
  return target.kind === 'pglite' ? `embedded PGlite in ${target.dataDir}` : target.kind;
}

/** Opens, migrates and seeds the process's database (`getDb()` returns it afterwards). */
export async function prepareDatabase(opts: PrepareDatabaseOptions = {}): Promise<PreparedDatabase> {
  const { serveEmbedded = false, log = () => {} } = opts;
  const target = opts.target ?? resolveDbTarget();
  log(`database: ${describeDbTarget(target)}`);
  let pgliteServer: PgliteServer | undefined;
  if (target.kind === 'pglite' && serveEmbedded) {
    pgliteServer = await servePglite(target.dataDir);
    setDb(createDb({ kind: 'postgres', url: pgliteServer.url }, { max: 8 }));
    setQueueConfig({
      connectionString: pgliteServer.url,
      schema: process.env['BATCH_QUEUE_SCHEMA']?.trim() || DEFAULT_QUEUE_SCHEMA,
    });
  } else if (opts.target) {
    setDb(createDb(target));
  }
  const close = async () => {
    await closeDb().catch(() => {});
    await pgliteServer?.close().catch(() => {});
  };
  try {
    const db = getDb();
    for (const line of describeResults(await migrateToLatest(db))) log(`migration ${line}`);
    const seeded = await seed(db);
    log(`seeded ${JSON.stringify(seeded)}`);
    const gallery = await seedGallery(db);
    log(`similar-image gallery: ${JSON.stringify(gallery)}`);
    return { db, target, pgliteServer, seeded, gallery, close };
  } catch (error) {
    await close();
    throw error;
  }
}
