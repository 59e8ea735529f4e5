/**
 * `npm run db:seed`: migrates, then loads the catalogue from `content/` (APIs, use cases, API
 * categories) and the similar-image gallery into the configured database. Idempotent: running it again updates in place.
 */
import { prepareDatabase } from '../src/local/prepare-database';
import { describeTarget, failAndExit } from './lib/db-cli';

try {
  console.log(`db:seed: ${describeTarget()}`);
  // The same set-up as `npm start` and `npm run dev`, without the loopback server (no queue here).
  const prepared = await prepareDatabase({ log: (line) => line.startsWith('migration ') && console.log(line) });
  console.log(Object.entries(prepared.seeded).map(([table, count]) => `${table}: ${count}`).join('\n'));
  console.log(`similar-image gallery: ${JSON.stringify(prepared.gallery)}`);
  await prepared.close();
  // PGlite's WASM runtime can keep the event loop alive after closing; a CLI is done here.
  process.exit(0);
} catch (error) {
  await failAndExit('db:seed', error);
}
