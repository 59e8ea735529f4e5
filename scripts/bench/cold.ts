/**
 * `npm run bench:cold`: cold starts of the vision functions as deployed. Each function is zipped
 * by Netlify's bundler with netlify.toml, unpacked once into an empty folder outside the
 * repository, then started `--runs` times (default 5) in a fresh Node process with that folder as
 * its working directory (tests/bundles/invoke.mjs), each time answering the same sample image
 * (named by URL on the site's origin) twice. Printed per function, p50 over the runs:
 * - import: loading the function module (its code and the packages it imports);
 * - first answer: process start to the first answer (Node start, import, model load, first image);
 * - warm: the second answer in the same process;
 * with the load average before and after. Target: first answer <= 3 s. label-sets' first answer
 * creates a label set from the contract's example: ten images, not one.
 *
 * `npm run bench:cold -- detect caption --runs 3` measures only those functions.
 */
import { rmSync } from 'node:fs';
import { parseCli } from '../lib/cli';
import { percentile, machineLoad } from '../lib/stats';
import { buildFunctionZips, invokeUnpacked, mb, unpack, zipsDir } from '../lib/netlify-bundles';
import { BUNDLE_CASES } from '../../tests/bundles/cases';
import { startBundleDatabase } from '../../tests/bundles/database';

const TARGET_MS = 3_000;
const { values, positionals: named } = parseCli(
  'Usage: npm run bench:cold [-- function names...] [--runs N]   (default: every vision function, 5 runs)',
  {
    options: { runs: { type: 'string', default: '5' } },
    allowPositionals: true,
  },
);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number >= 1');
// These need what an earlier case makes (a queued job, a collection); the bundle test runs them,
// and their engines and files are those of predict and similar.
const NEEDS_STATE = new Set(['predict-batch-worker-background', 'collection-images']);
const cases = BUNDLE_CASES.filter(
  (c) => c.vision && !NEEDS_STATE.has(c.fn) && (named.length === 0 || named.includes(c.fn)),
);
if (cases.length === 0) throw new Error(`no vision function named ${named.join(', ')}`);

const loadBefore = machineLoad();
const out = zipsDir();
const database = await startBundleDatabase();
const rows: string[] = [];
let over = 0;
try {
  const built = await buildFunctionZips(out, { only: cases.map((c) => c.fn) });
  console.log(
    `${'function'.padEnd(28)}${'zipped'.padStart(9)}${'import'.padStart(9)}${'first answer'.padStart(14)}${'warm'.padStart(9)}  (p50 of ${runs} fresh processes, ms)`,
  );
  for (const c of cases) {
    const fn = built.find((b) => b.name === c.fn)!;
    // The first step is the sample image named by URL: asked twice, cold then warm.
    const first = c.steps(database.state)[0]!;
    const dir = await unpack(fn.zip);
    const imports: number[] = [];
    const firsts: number[] = [];
    const warms: number[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        const run = await invokeUnpacked(dir, [first.request, first.request], {
          ...database.env,
          LAMBDA_TASK_ROOT: dir,
        });
        const [a, b] = run.answers;
        if (a?.status !== first.status || b?.status !== first.status) {
          throw new Error(
            `${c.fn} answered ${a?.status} ${b?.status}, expected ${first.status}: ${a?.body?.slice(0, 300) ?? a?.thrown ?? ''}`,
          );
        }
        imports.push(run.importMs);
        firsts.push(a.at);
        warms.push(b.ms);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const p50 = (v: number[]) => Math.round(percentile(v, 50));
    const cold = p50(firsts);
    if (cold > TARGET_MS) over++;
    const row = `${c.fn.padEnd(28)}${mb(fn.bytes).padStart(9)}${String(p50(imports)).padStart(9)}${String(cold).padStart(14)}${String(p50(warms)).padStart(9)}${cold > TARGET_MS ? '  over 3 s' : ''}`;
    rows.push(row);
    console.log(row);
  }
} finally {
  await database.close();
  rmSync(out, { recursive: true, force: true });
}
const loadAfter = machineLoad();
console.log(
  `target: first answer <= ${TARGET_MS} ms; ${over} of ${rows.length} over. Load average ${loadBefore.load_average.join(' ')} before, ${loadAfter.load_average.join(' ')} after (${loadAfter.cpus} CPUs)`,
);
