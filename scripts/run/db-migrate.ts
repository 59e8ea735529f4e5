/**
 * `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL or
 * NETLIFY_DATABASE_URL, through its direct `..._UNPOOLED` twin when set; else embedded PGlite in
 * PGLITE_DIR / .data/pglite). Exits 1 on failure.
 */
import { closeDb, createDb, describeResults, getDb, migrateToLatest, setDb } from '../../src/server/db';
import { describeTarget, failAndExit, schemaTarget } from '../lib/db-cli';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: npm run db:migrate   (DATABASE_URL or NETLIFY_DATABASE_URL, direct ..._UNPOOLED twin when set; else PGlite in PGLITE_DIR / .data/pglite)',
  {},
);

try {
  const target = schemaTarget();
  console.log(`db:migrate: ${describeTarget(target)}`);
  setDb(createDb(target));
  const lines = describeResults(await migrateToLatest(getDb()));
  console.log(lines.length > 0 ? lines.join('\n') : 'database is up to date');
  await closeDb();
  // PGlite's WASM runtime can keep the event loop alive after closing; a CLI is done here.
  process.exit(0);
} catch (error) {
  await failAndExit('db:migrate', error);
}
