/**
 * `npm run bench:cold`: cold starts of the vision functions as deployed. Each function is zipped
 * by Netlify's bundler with netlify.toml, unpacked once into an empty folder outside the
 * repository, then started `--runs` times in a fresh Node process with that folder as its
 * working directory (tests/bundles/invoke.mjs), each time answering one sample image (named by
 * URL on the site's origin) twice. The runs take the sample images the function's demo offers in
 * turn (tests/bundles/cases.ts; by default one run per sample, at least 3), so the figures are
 * over what a visitor picks, not one photo. Printed per function, p50 over the runs:
 * - import: loading the function module (its code and the packages it imports);
 * - first answer: process start to the first answer (Node start, import, model load, first image),
 *   and the slowest run's (with its sample);
 * - cpu: the CPU time the process had used at its first answer (all threads), which a shared,
 *   loaded machine inflates far less than the wall time: on an idle machine the first answer
 *   takes about this long;
 * - warm: the second answer in the same process (the same image);
 * with the load average before and after. Target: first answer <= 3 s. label-sets' first answer
 * creates a label set from the contract's example: ten images, not one.
 *
 * `npm run bench:cold -- detect caption --runs 3` measures only those functions (3 runs each).
 */
import { rmSync } from 'node:fs';
import { parseCli } from '../lib/cli';
import { percentile, machineLoad } from '../lib/stats';
import { buildFunctionZips, invokeUnpacked, mb, unpack, zipsDir } from '../lib/netlify-bundles';
import { BUNDLE_CASES, withSample } from '../../tests/bundles/cases';
import { startBundleDatabase } from '../../tests/bundles/database';

const TARGET_MS = 3_000;
const { values, positionals: named } = parseCli(
  'Usage: npm run bench:cold [-- function names...] [--runs N]   (default: every vision function, one run per demo sample, at least 3)',
  {
    options: { runs: { type: 'string' } },
    allowPositionals: true,
  },
);
const runsWanted = values.runs === undefined ? undefined : Number(values.runs);
if (runsWanted !== undefined && (!Number.isInteger(runsWanted) || runsWanted < 1))
  throw new Error('--runs takes a whole number >= 1');
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
    `${'function'.padEnd(28)}${'zipped'.padStart(9)}${'import'.padStart(9)}${'first answer'.padStart(14)}${'cpu'.padStart(7)}${'warm'.padStart(8)}  slowest first answer  (ms, p50 over fresh processes)`,
  );
  for (const c of cases) {
    const fn = built.find((b) => b.name === c.fn)!;
    // The first step names a sample image by URL: asked twice, cold then warm, with each of the
    // demo's samples in turn.
    const first = c.steps(database.state)[0]!;
    const samples = c.samples ?? [];
    const runs = runsWanted ?? Math.max(3, samples.length);
    const dir = await unpack(fn.zip);
    const imports: number[] = [];
    const firsts: number[] = [];
    const cpus: number[] = [];
    const warms: number[] = [];
    let slowest = { ms: 0, sample: '' };
    try {
      for (let i = 0; i < runs; i++) {
        const sample = samples.length > 0 ? samples[i % samples.length]! : '';
        const request = sample ? withSample(first.request, sample) : first.request;
        const run = await invokeUnpacked(dir, [request, request], {
          ...database.env,
          LAMBDA_TASK_ROOT: dir,
        });
        const [a, b] = run.answers;
        if (a?.status !== first.status || b?.status !== first.status) {
          throw new Error(
            `${c.fn} answered ${a?.status} ${b?.status} on ${sample || 'its sample'}, expected ${first.status}: ${a?.body?.slice(0, 300) ?? a?.thrown ?? ''}`,
          );
        }
        imports.push(run.importMs);
        firsts.push(a.at);
        cpus.push(a.cpu);
        warms.push(b.ms);
        if (a.at > slowest.ms) slowest = { ms: a.at, sample };
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const p50 = (v: number[]) => Math.round(percentile(v, 50));
    const cold = p50(firsts);
    if (cold > TARGET_MS) over++;
    const row = `${c.fn.padEnd(28)}${mb(fn.bytes).padStart(9)}${String(p50(imports)).padStart(9)}${String(cold).padStart(14)}${String(p50(cpus)).padStart(7)}${String(p50(warms)).padStart(8)}  ${String(slowest.ms).padStart(7)} ${slowest.sample}${cold > TARGET_MS ? '  (over 3 s)' : ''}`;
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
