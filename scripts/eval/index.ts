/**
 * `npm run eval`: runs every API's evaluation (`scripts/eval/<api id>.ts`) one after another,
 * each in its own process (so one API's models and memory never skew another's timings), and
 * checks that each wrote a valid card to `content/accuracy/<api id>.json`.
 * `npm run eval:<api id>` (or `npm run eval -- <api id> ...`) runs only those.
 * Exit status 1 when a script fails, writes no valid card, or a requested API has no script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { accuracyCardSchema } from '../../src/shared/schemas/accuracy';
import { ACCURACY_DIR } from '../lib/accuracy-card';
import { parseCli } from '../lib/cli';
import { EVAL_DIR, catalogueIds, planEvalRuns } from '../lib/eval-runner';

const { positionals: requested } = parseCli(
  'Usage: npm run eval [-- api ids...]   (default: every API with an evaluation; npm run eval:<api id> runs one)',
  { allowPositionals: true },
);
const plan = planEvalRuns(readdirSync(EVAL_DIR), catalogueIds(), requested);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

for (const id of plan.unknown)
  console.error(
    `eval: "${id}" is not an API id (see content/apis/ and ACCURACY_API_IDS in src/shared/schemas/accuracy.ts)`,
  );
for (const f of plan.ignored) console.log(`eval: scripts/eval/${f} is not named after an API; not run`);

const results: { api: string; outcome: string; ok: boolean; skipped?: boolean }[] = [];
for (const { api, file } of plan.run) {
  console.log(`\n=== eval ${api}: npx tsx scripts/eval/${file} ===`);
  const started = Date.now();
  const child = spawnSync(tsx, [join(EVAL_DIR, file)], { stdio: 'inherit', env: process.env });
  const seconds = Math.round((Date.now() - started) / 1000);
  const cardFile = join(ACCURACY_DIR, `${api}.json`);
  if (child.status !== 0) {
    results.push({
      api,
      ok: false,
      outcome: `failed (exit ${child.status ?? child.signal}) after ${seconds} s`,
    });
    continue;
  }
  if (!existsSync(cardFile) || statSync(cardFile).mtimeMs < started) {
    results.push({ api, ok: false, outcome: `exited 0 but wrote no content/accuracy/${api}.json` });
    continue;
  }
  const parsed = accuracyCardSchema.safeParse(JSON.parse(readFileSync(cardFile, 'utf8')));
  results.push(
    parsed.success
      ? { api, ok: true, outcome: `card written in ${seconds} s` }
      : {
          api,
          ok: false,
          outcome: `card does not match the schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        },
  );
}
for (const api of plan.missing)
  results.push({
    api,
    ok: requested.length === 0,
    skipped: true,
    outcome: `not measured: scripts/eval/${api}.ts does not exist yet`,
  });

console.log('\n=== eval summary ===');
for (const r of results)
  console.log(`${r.ok ? (r.skipped ? 'skip' : 'ok  ') : 'FAIL'} ${r.api}: ${r.outcome}`);
process.exit(results.some((r) => !r.ok) || plan.unknown.length ? 1 : 0);
