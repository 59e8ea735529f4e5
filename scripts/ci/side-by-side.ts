/**
 * npm scripts in lanes side by side (`scripts/lib/lanes.ts`): each argument is one lane, its
 * scripts comma-separated and run one after another. The first lane's output streams as it comes
 * (the long suite a person watches); the others' is printed as one block per script when it
 * ends. Exit code 1 if any script failed, after all have run.
 *
 * `npm test` uses it where one step alone leaves a core of CI's two idle: the unit and
 * integration tests beside the site build and the zipping of every function (neither of which
 * they read), then the browser suite, which spends much of its time waiting on pages and the
 * server, beside the site checks and the bundle test on those zips (one function process at a
 * time). (The unit tests beside the browser suite too
 * were measured slower: 22 min for CI against 18, the two cores overcommitted.)
 *
 * Usage: tsx scripts/ci/side-by-side.ts <script[,script...]> [<script[,script...]> ...]
 */
import { resolve } from 'node:path';
import { parseCli } from '../lib/cli';
import { runLanes, type Check } from '../lib/lanes';

const usage = 'Usage: tsx scripts/ci/side-by-side.ts <script[,script...]> [<script[,script...]> ...]';
const { positionals } = parseCli(usage, { allowPositionals: true });
if (positionals.length === 0) {
  console.error(usage);
  process.exit(2);
}
const lanes: Check[][] = positionals.map((lane, i) =>
  lane.split(',').map((script) => ({ script: script.trim(), live: i === 0 })),
);

const started = performance.now();
const failed = await runLanes(lanes, resolve(import.meta.dirname, '../..'));
console.log(
  `\n${positionals.join(' | ')}: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
