/**
 * The checks of `npm test` that read the built site, two lanes side by side: the browser suite
 * (`test:e2e`, its output streamed) and the site checks (`test:site`: links, claims, size
 * budget, code samples sent to the local runtime). The browser suite spends much of its time
 * waiting on pages and the server, so the site checks' single-threaded minute runs in what it
 * leaves of CI's two cores instead of after it. Exit code 1 if either failed.
 *
 * Usage: tsx scripts/ci/built-site-checks.ts   (after `npm run build`)
 */
import { resolve } from 'node:path';
import { parseCli } from '../lib/cli';
import { runLanes } from '../lib/lanes';

parseCli('Usage: tsx scripts/ci/built-site-checks.ts', { options: {} });

const started = performance.now();
const failed = await runLanes(
  [[{ script: 'test:e2e', live: true }], [{ script: 'test:site' }]],
  resolve(import.meta.dirname, '../..'),
);
console.log(
  `\nbuilt-site checks: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
