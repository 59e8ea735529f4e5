/**
 * `npm run db:seed`: migrates, then loads the catalogue from `content/` (APIs, use cases, API
 * categories) and the similar-image gallery into the configured database. Idempotent: running it again updates in place.
 */
import { closeDb, getDb, migrateToLatest, seed } from '../src/server/db';
import { seedGallery } from '../src/server/similar/gallery';
import { describeTarget, failAndExit } from './lib/db-cli';

try {
  console.log(`db:seed: ${describeTarget()}`);
  const db = getDb();
  await migrateToLatest(db);
  const report = await seed(db);
  console.log(Object.entries(report).map(([table, count]) => `${table}: ${count}`).join('\n'));
  console.log(`similar-image gallery: ${JSON.stringify(await seedGallery(db))}`);
  await closeDb();
  // PGlite's WASM runtime can keep the event loop alive after closing; a CLI is done here.
  process.exit(0);
} catch (error) {
  await failAndExit('db:seed', error);
}
