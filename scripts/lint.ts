/**
 * ESLint over the repository (rules in eslint.config.js), the first step of `npm test`.
 * Generates Astro's content types first (`astro sync`), since the type-aware rules need the
 * `astro:content` module's types, which a fresh clone does not have yet.
 * Usage: tsx scripts/lint.ts [--fix] [paths...]   (paths default to the whole repository)
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const fix = args.includes('--fix');
const paths = args.filter((a) => a !== '--fix');

const started = performance.now();
execFileSync(process.execPath, [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const eslint = new ESLint({ cwd: root, fix });
const results = await eslint.lintFiles(paths.length > 0 ? paths : ['.']);
if (fix) await ESLint.outputFixes(results);
const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report) console.log(report);

const errors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);
const warnings = results.reduce((n, r) => n + r.warningCount, 0);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`lint: ${results.length} files, ${errors} errors, ${warnings} warnings (${seconds} s)`);
if (errors > 0 || warnings > 0) process.exitCode = 1;
