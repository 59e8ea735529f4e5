/**
 * `npm run bench:keys`: what the key check costs per request (a benchmark, not a test).
 * In process, on a fresh migrated and seeded database (embedded PGlite, or the PostgreSQL server
 * of TEST_DATABASE_URL), the same handler body runs two ways, interleaved:
 *
 * - keyless: the client-address rate limit, body validation, a fixed detect answer;
 * - with a key: `runApiCall` around the same body (key shape and checksum, SHA-256 lookup joined
 *   with the subscription, per-key rate limit, quota reservation, image counters, usage event,
 *   `last_used_at`), then the same fixed answer with its `usage`.
 *
 * The keyed call runs twice: settling its metering before the response (a runtime without
 * `waitUntil`), and after it (`waitUntil`, as on Netlify and under `npm start`; the pending
 * settlement is awaited between requests, outside the timing, so it never piles up).
 * The analysis itself is left out on all sides (it takes hundreds of milliseconds and would
 * drown the difference). Prints p50/p90 of each, the differences, and the load average.
 * Options (env): BENCH_ITERATIONS (default 2000; at most 2200, two keyed calls each within the
 * premium quota of 5000), BENCH_WARMUP (200).
 */
import { runApiCall } from '../../src/server/account/api-call';
import { createTestAccount } from '../../tests/support/test-account';
import { seed } from '../../src/server/db';
import { createTestDb } from '../../tests/support/test-db';
import { defineHandler, json, readJson } from '../../src/server/http/handler';
import { enforceRateLimit } from '../../src/server/rate-limit/rate-limit';
import { API_IDS } from '../../src/shared/api-ids';
import { detectRequestSchema } from '../../src/shared/schemas/detect';
import { parseCli } from '../lib/cli';
import { loadText, machineLoad, percentile } from '../lib/stats';

parseCli(
  'Usage: npm run bench:keys   (options in the environment: BENCH_ITERATIONS, BENCH_WARMUP, TEST_DATABASE_URL)',
  {},
);
const iterations = Math.min(Math.floor((5000 - 600) / 2), Number(process.env['BENCH_ITERATIONS'] ?? 2000));
const warmup = Number(process.env['BENCH_WARMUP'] ?? 200);
// A policy nobody reaches, so every measured request does the full work of an allowed one.
const POLICY = { name: 'bench', limit: 1e9, windowMs: 60_000 } as const;

const t = await createTestDb();
await seed(t.db);
const db = t.db;
const account = await createTestAccount(db);

const answer = {
  category: 'kitchen',
  category_inferred: false,
  mode: 'per_item',
  error_checks: 0,
  undetectable_objects: [],
  analysis_method: 'bench',
  detection_results: [
    { image_url: 'https://example.com/a.jpg', objects: { cup: true, none_observed: false } },
  ],
  result_id: 'bench',
};

const keyless = defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(db, ctx, POLICY);
  await readJson(req, detectRequestSchema);
  return json(answer, ctx);
});
const keyed = defineHandler(['POST'], (req, ctx) =>
  runApiCall(
    db,
    req,
    ctx,
    API_IDS.objectDetection,
    async (call) => {
      await readJson(req, detectRequestSchema);
      await call.rateLimit(POLICY);
      return { data: answer, images: 1 };
    },
    { rateLimit: POLICY },
  ),
);

const body = JSON.stringify({
  image_urls: ['https://example.com/a.jpg'],
  category: 'kitchen',
  error_checks: 0,
});
const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/v1/detect', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`bench request answered ${res.status}`);
  return ms;
}

const pending: Promise<unknown>[] = [];
const waitUntil = (p: Promise<unknown>) => void pending.push(p);
const withKey: number[] = [];
const withKeyDeferred: number[] = [];
const withoutKey: number[] = [];
const loadBefore = machineLoad();
for (let i = 0; i < warmup + iterations; i++) {
  // Interleaved, so drift (JIT, GC, other processes) hits every side alike.
  const a = await timed(() => keyless(request({}), { ip: '192.0.2.1' }));
  const b = await timed(() =>
    keyed(request({ Authorization: `Bearer ${account.key}` }), { ip: '192.0.2.1' }),
  );
  const c = await timed(() =>
    keyed(request({ Authorization: `Bearer ${account.key}` }), { ip: '192.0.2.1', waitUntil }),
  );
  await Promise.all(pending.splice(0));
  if (i >= warmup) {
    withoutKey.push(a);
    withKey.push(b);
    withKeyDeferred.push(c);
  }
}
const loadAfter = machineLoad();

const pct = percentile;
const f = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(`key check overhead, ${iterations} requests each way after ${warmup} warm-up, on ${t.engine}:`);
console.log(`  before: ${loadText(loadBefore)}; after: ${loadText(loadAfter)}`);
console.log(`  keyless                      p50 ${f(pct(withoutKey, 50))}  p90 ${f(pct(withoutKey, 90))}`);
for (const [label, xs] of [
  ['with key, settled before', withKey],
  ['with key, settled after ', withKeyDeferred],
] as const) {
  const overhead50 = pct(xs, 50) - pct(withoutKey, 50);
  console.log(`  ${label}     p50 ${f(pct(xs, 50))}  p90 ${f(pct(xs, 90))}`);
  console.log(
    `    overhead                   p50 ${f(overhead50)}  p90 ${f(pct(xs, 90) - pct(withoutKey, 90))}  (target: under 2 ms at p50: ${overhead50 < 2 ? 'met' : 'NOT met'})`,
  );
}
await t.close();
process.exit(0);
