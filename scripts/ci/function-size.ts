/**
 * `npm run function-size`: every function zipped by Netlify's own bundler with netlify.toml
 * (scripts/lib/netlify-bundles.ts), its zipped and unzipped size against our budget and
 * Netlify's limit, and its largest files. `npm run function-size -- detect caption` measures only
 * the functions named. Exits 1 when a zip is over budget or carries what production never runs;
 * the bundle test (tests/bundles/) enforces the same and runs each zip.
 */
import { rmSync } from 'node:fs';
import { buildFunctionZips, checkBundles, zipsDir } from '../lib/netlify-bundles';
import { parseCli } from '../lib/cli';

const { positionals: only } = parseCli(
  'Usage: npm run function-size [-- function names...]   (default: every function)',
  { allowPositionals: true },
);
const out = zipsDir();
try {
  const started = performance.now();
  const built = await buildFunctionZips(out, only.length > 0 ? { only } : {});
  console.log(
    `bundled ${built.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const { table, problems } = await checkBundles(built, { largest: true });
  console.log(table);
  for (const p of problems) console.log(`problem: ${p}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  rmSync(out, { recursive: true, force: true });
}
