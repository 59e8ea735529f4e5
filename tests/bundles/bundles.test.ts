/**
 * Every function as a Netlify deploy ships it: zipped by Netlify's own bundler with this
 * `netlify.toml` (one pass for all checks), each zip within the size budget and free of what
 * production never runs, then unpacked into an empty folder outside the repository and its
 * handler called with real requests in a fresh Node process (tests/bundles/invoke.mjs) against
 * a real database. A function that reads a file its zip lacks fails here.
 *
 * `npm run test:bundles` zips and tests; `BUNDLE_FUNCTIONS=detect,caption` runs only those (and
 * the cases they depend on still need theirs: see cases.ts). `npm test` zips earlier, beside the
 * unit tests (`npm run bundles:zip`), and runs this with `BUNDLE_ZIPS=prebuilt`.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFunctionFiles } from '../../src/local/function-routes';
import {
  buildFunctionZips,
  checkBundles,
  invokeUnpacked,
  PREBUILT_ZIPS_DIR,
  readPrebuiltZips,
  ROOT,
  unpack,
  zipsDir,
  type BuiltFunction,
} from '../../scripts/lib/netlify-bundles';
import { BUNDLE_CASES, type BundleState } from './cases';
import { startBundleDatabase, type BundleDatabase } from './database';

const only = process.env['BUNDLE_FUNCTIONS']
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const cases = only ? BUNDLE_CASES.filter((c) => only.includes(c.fn)) : BUNDLE_CASES;
/** `BUNDLE_ZIPS=prebuilt` (`npm test`): the zips `npm run bundles:zip` made earlier in the run. */
const prebuilt = process.env['BUNDLE_ZIPS'] === 'prebuilt';
if (prebuilt && only) throw new Error('BUNDLE_ZIPS=prebuilt tests every function: unset BUNDLE_FUNCTIONS');

let outDir = '';
let built: BuiltFunction[] = [];
let database: BundleDatabase | undefined;
let state: BundleState | undefined;
const started = performance.now();
const summary: { fn: string; ok: boolean; importMs?: number; note?: string }[] = [];

beforeAll(async () => {
  if (prebuilt) {
    outDir = PREBUILT_ZIPS_DIR;
    built = readPrebuiltZips();
    console.log(`${built.length} functions zipped by \`npm run bundles:zip\` (${outDir})`);
  } else {
    outDir = zipsDir();
    const t = performance.now();
    built = await buildFunctionZips(outDir, only ? { only } : {});
    console.log(
      `bundled ${built.length} functions with @netlify/zip-it-and-ship-it in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  database = await startBundleDatabase();
  state = database.state;
}, 30 * 60_000);

afterAll(async () => {
  await database?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  const failed = summary.filter((s) => !s.ok);
  console.log(
    [
      'function runs from the unpacked zips:',
      ...summary.map(
        (s) =>
          `  ${s.ok ? 'pass' : 'FAIL'}  ${s.fn.padEnd(34)}${s.importMs === undefined ? '' : `import ${s.importMs} ms`}${s.note ? `  ${s.note}` : ''}`,
      ),
      `${summary.length - failed.length} passed, ${failed.length} failed; bundle test ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
});

describe('function bundles', () => {
  it('every function in functions/ has a case here', () => {
    if (only) return;
    const names = listFunctionFiles(`${ROOT}/functions`).map((f) => f.replace(/^.*\/|\.[^.]+$/g, ''));
    expect(BUNDLE_CASES.map((c) => c.fn).sort()).toEqual([...names].sort());
    expect(built.map((b) => b.name).sort()).toEqual([...names].sort());
  });

  it('each zip is within its size budget and carries only what production runs', async () => {
    const { table, problems } = await checkBundles(built);
    console.log(table);
    expect(problems).toEqual([]);
  });

  for (const c of cases) {
    it(
      `${c.fn} answers from its unpacked zip`,
      async () => {
        const fn = built.find((b) => b.name === c.fn);
        if (!fn || !database || !state) throw new Error(`${c.fn} was not built`);
        const entry: (typeof summary)[number] = { fn: c.fn, ok: false };
        summary.push(entry);
        const steps = c.steps(state);
        const dir = await unpack(fn.zip);
        try {
          const run = await invokeUnpacked(
            dir,
            steps.map((s) => s.request),
            { ...database.env, LAMBDA_TASK_ROOT: dir },
          );
          entry.importMs = run.importMs;
          expect(run.answers).toHaveLength(steps.length);
          steps.forEach((s, i) => {
            const answer = run.answers[i]!;
            const what = `${c.fn}: ${s.request.method} ${s.request.url} -> ${answer.status} ${answer.thrown ?? answer.body?.slice(0, 600) ?? ''}\n${run.stderr.slice(-1500)}`;
            expect(answer.status, what).toBe(s.status);
            const body: unknown =
              answer.body && /json/.test(answer.headers?.['content-type'] ?? '')
                ? JSON.parse(answer.body)
                : answer.body;
            if (s.schema) {
              const parsed = s.schema.safeParse(body);
              expect(parsed.success, `${what}\n${parsed.error?.message ?? ''}`).toBe(true);
            }
            s.keep?.(answer, body, state!);
          });
          entry.ok = true;
          entry.note = run.answers.map((a) => `${a.status} ${a.ms} ms`).join(', ');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      10 * 60_000,
    );
  }
});
