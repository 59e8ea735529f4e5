/**
 * The static checks of `npm test` (npm scripts), two at a time: `lint` (ESLint) in one lane;
 * `check` (the type check), `format:check` (Prettier) and `knip` in the other. Each is single-threaded and CPU-bound, so on CI's two cores the pair
 * finishes in about the time of the longer lane instead of the sum of all four.
 *
 * Astro's generated types (`astro sync`, which the type-aware lint rules and `astro check` both
 * read) are written once, first: two tools regenerating the same files side by side could read
 * each other's half-written output. Each tool's output is held until it finishes and printed as
 * one block with its exit status and time, so the two lanes' logs do not interleave. Every
 * check runs to the end (a formatting slip does not hide a type error); the exit code is 1 if
 * any failed.
 *
 * Usage: tsx scripts/ci/static-checks.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseCli } from '../lib/cli';

parseCli('Usage: tsx scripts/ci/static-checks.ts', { options: {} });

const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

/** An npm script of package.json, with extra arguments for it. */
interface Check {
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

const LANES: Check[][] = [
  [{ script: 'lint', env: { LINT_SKIP_SYNC: '1' } }],
  [{ script: 'check', args: ['--noSync'] }, { script: 'format:check' }, { script: 'knip' }],
];

/** Runs one check to its end; its combined output is printed as one block when it finishes. */
function run(check: Check): Promise<boolean> {
  const started = performance.now();
  return new Promise((done) => {
    const args = ['run', '--silent', check.script, ...(check.args ? ['--', ...check.args] : [])];
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...check.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    const finish = (code: number | null, problem?: string) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const ok = code === 0 && !problem;
      console.log(
        `\n── ${check.script}: ${ok ? 'passed' : `FAILED (${problem ?? `exit ${code}`})`} in ${seconds} s ──${text ? `\n${text}` : ''}`,
      );
      done(ok);
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
  });
}

const started = performance.now();
const sync = spawnSync(bin('astro'), ['sync'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (sync.status !== 0) {
  console.error('astro sync failed');
  process.exit(1);
}
const results = await Promise.all(
  LANES.map(async (lane) => {
    const passed: boolean[] = [];
    for (const check of lane) passed.push(await run(check));
    return passed;
  }),
);
const failed = results.flat().filter((ok) => !ok).length;
console.log(
  `\nstatic checks: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
