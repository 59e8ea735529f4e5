/**
 * ESLint over the repository (rules in eslint.config.js), the first step of `npm test`.
 * Generates Astro's content types first (`astro sync`), since the type-aware rules need the
 * `astro:content` module's types, which a fresh clone does not have yet.
 * One thread by default. `LINT_THREADS=2` splits the files over two threads: each builds its own
 * TypeScript program for the type-aware rules, so the run takes ~130 s of CPU instead of ~76 s,
 * for a shorter wall time on a machine whose two cores are otherwise idle.
 * Usage: tsx scripts/ci/lint.ts [--fix] [paths...]   (paths default to the whole repository)
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { parseCli } from '../lib/cli';

const root = resolve(import.meta.dirname, '../..');
const {
  values: { fix = false },
  positionals: paths,
} = parseCli('Usage: tsx scripts/ci/lint.ts [--fix] [paths...]   (paths default to the whole repository)', {
  options: { fix: { type: 'boolean' } },
  allowPositionals: true,
});

const started = performance.now();
// `LINT_SKIP_SYNC=1`: the caller already generated them (scripts/ci/static-checks.ts).
if (!process.env['LINT_SKIP_SYNC'])
  execFileSync(process.execPath, [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

const threads = Math.min(availableParallelism(), Math.max(1, Number(process.env['LINT_THREADS'] ?? 1) || 1));
const eslint = new ESLint({ cwd: root, fix, concurrency: threads > 1 ? threads : 'off' });
const results = await eslint.lintFiles(paths.length > 0 ? paths : ['.']);
if (fix) await ESLint.outputFixes(results);
const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report) console.log(report);

const errors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);
const warnings = results.reduce((n, r) => n + r.warningCount, 0);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `lint: ${results.length} files, ${errors} errors, ${warnings} warnings (${seconds} s, ${threads} thread${threads > 1 ? 's' : ''})`,
);
if (errors > 0 || warnings > 0) process.exitCode = 1;
