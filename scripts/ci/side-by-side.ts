/**
 * npm scripts in lanes side by side (`scripts/lib/lanes.ts`): each argument is one lane, its
 * scripts comma-separated and run one after another. The first lane's output streams as it comes
 * (the long suite a person watches); the others' is printed as one block per script when it
 * ends. Exit code 1 if any script failed, after all have run.
 *
 * `npm test` uses it after the static checks and the build: the browser tests, the unit and
 * integration tests, and the site checks then the bundle test, side by side. Each alone leaves
 * one of CI's two cores mostly waiting (on pages and the server, on sockets and timers, on one
 * function process at a time); together they keep both busy.
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
