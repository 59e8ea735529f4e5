/**
 * `npm run db:seed`: migrates, then loads the catalogue from `content/` (APIs, use cases, API
 * categories) and the similar-image gallery into the configured database. Idempotent: running it again updates in place.
 */
import { prepareDatabase } from '../../src/local/prepare-database';
import { describeTarget, failAndExit, schemaTarget } from '../lib/db-cli';
import { parseCli } from '../lib/cli';

parseCli('Usage: npm run db:seed   (same database as npm run db:migrate)', {});

try {
  // The functions' database through its direct URL when one is set, as db:migrate.
  const target = schemaTarget();
  console.log(`db:seed: ${describeTarget(target)}`);
  // The same set-up as `npm start` and `npm run dev`, without the loopback server (no queue here).
  const prepared = await prepareDatabase({
    target,
    log: (line) => line.startsWith('migration ') && console.log(line),
  });
  console.log(
    Object.entries(prepared.seeded)
      .map(([table, count]) => `${table}: ${count}`)
      .join('\n'),
  );
  console.log(`similar-image gallery: ${JSON.stringify(prepared.gallery)}`);
  await prepared.close();
  // PGlite's WASM runtime can keep the event loop alive after closing; a CLI is done here.
  process.exit(0);
} catch (error) {
  await failAndExit('db:seed', error);
}
