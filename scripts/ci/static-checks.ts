/**
 * The static checks of `npm test` (npm scripts), two at a time: `lint` (ESLint) in one lane;
 * `check` (the type check), `format:check` (Prettier) and `knip` in the other. Each is single-threaded and CPU-bound, so on CI's two cores the pair
 * finishes in about the time of the longer lane instead of the sum of all four.
 *
 * Astro's generated types (`astro sync`, which the type-aware lint rules and `astro check` both
 * read) are written once, first: two tools regenerating the same files side by side could read
 * each other's half-written output. Lanes as in `scripts/lib/lanes.ts`: every check runs to the
 * end (a formatting slip does not hide a type error); the exit code is 1 if any failed.
 *
 * Usage: tsx scripts/ci/static-checks.ts
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseCli } from '../lib/cli';
import { runLanes, type Check } from '../lib/lanes';

parseCli('Usage: tsx scripts/ci/static-checks.ts', { options: {} });

const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

const LANES: Check[][] = [
  [{ script: 'lint', env: { LINT_SKIP_SYNC: '1' } }],
  [{ script: 'check', args: ['--noSync'] }, { script: 'format:check' }, { script: 'knip' }],
];

const started = performance.now();
const sync = spawnSync(bin('astro'), ['sync'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (sync.status !== 0) {
  console.error('astro sync failed');
  process.exit(1);
}
const failed = await runLanes(LANES, root);
console.log(
  `\nstatic checks: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
