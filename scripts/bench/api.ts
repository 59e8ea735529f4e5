/**
 * `npm run bench:api`: request rate and latency of the local runtime (a benchmark, not a test).
 * Starts `npm start`'s server on the existing build (run `npm run build` first) with a fresh
 * embedded database, then loads it over loopback with autocannon: a static file, GET /api/apis
 * and POST /api/contacts. Options (env): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (10).
 */
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { parseCli } from '../lib/cli';
import { startLocalServer } from '../lib/local-server';
import { loadText } from '../lib/stats';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

parseCli(
  'Usage: npm run build && npm run bench:api   (options in the environment: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PORT)',
  {},
);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
// The contact rate limit would turn almost every request into a 429 after the fifth.
const server = await startLocalServer(Number(process.env['BENCH_PORT'] ?? 4340), {
  CONTACT_RATE_LIMIT: '100000000',
});

const cases = [
  { name: 'static file (GET /favicon.svg)', path: '/favicon.svg', method: 'GET' },
  { name: 'static page (GET /pricing)', path: '/pricing', method: 'GET' },
  { name: 'GET /api/apis', path: '/api/apis', method: 'GET' },
  {
    name: 'POST /api/contacts',
    path: '/api/contacts',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Load Test',
      email: 'load@example.com',
      message: 'Benchmark request',
      pageName: 'Benchmark',
    }),
  },
] as const;

const rows: string[] = [];
try {
  for (const c of cases) {
    // A short warm-up so the first figures are not the JIT's.
    await autocannon({
      url: server.url + c.path,
      method: c.method,
      connections: 2,
      duration: 1,
      ...('body' in c ? { headers: c.headers, body: c.body } : {}),
    });
    const r = (await autocannon({
      url: server.url + c.path,
      method: c.method,
      connections,
      duration: seconds,
      ...('body' in c ? { headers: c.headers, body: c.body } : {}),
    })) as Result;
    const failed = r.non2xx + r.errors + r.timeouts;
    rows.push(
      `${c.name.padEnd(34)}${r.requests.average.toFixed(0).padStart(10)}${r.latency.p50.toFixed(1).padStart(10)}${r.latency.p99.toFixed(1).padStart(10)}${String(failed).padStart(10)}`,
    );
  }
} finally {
  await server.stop();
}
console.log(
  `\n${connections} connections, ${seconds} s per case, loopback, ${new Date().toISOString()}, ${loadText()}`,
);
console.log(
  `${'case'.padEnd(34)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'failed'.padStart(10)}`,
);
for (const row of rows) console.log(row);
