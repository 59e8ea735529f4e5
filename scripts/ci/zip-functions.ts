/**
 * `npm run bundles:zip`: every function zipped by Netlify's own bundler with netlify.toml into a
 * temporary folder (PREBUILT_ZIPS_DIR), for the bundle test that `npm test` runs later with
 * `BUNDLE_ZIPS=prebuilt` (the zipping, minutes of file tracing, runs beside the unit tests where
 * a core is otherwise idle). The bundle test removes the folder when it ends.
 */
import { parseCli } from '../lib/cli';
import { prebuildFunctionZips, PREBUILT_ZIPS_DIR } from '../lib/netlify-bundles';

parseCli('Usage: npm run bundles:zip', {});
const started = performance.now();
const built = await prebuildFunctionZips();
console.log(
  `bundled ${built.length} functions with @netlify/zip-it-and-ship-it into ${PREBUILT_ZIPS_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
