/**
 * `npm run bench:faults`: does the server survive a PostgreSQL restart under load, and does it
 * lose anything it acknowledged? A benchmark, not a test; loopback only, stops by itself.
 *
 * Starts a throwaway PostgreSQL with production durability (fsync, synchronous_commit and
 * full_page_writes on), runs `npm start`'s server on it, sends POST /api/contacts at a fixed
 * concurrency for a bounded time, each submission carrying a unique marker, restarts
 * PostgreSQL (`pg_ctl restart -m fast`) part way through, then counts the markers stored.
 *
 * The contact rate limit is raised with `CONTACT_RATE_LIMIT` (the setting load tests use);
 * nothing else about the server is changed.
 *
 * Env: BENCH_SECONDS (60), BENCH_RESTART_AT (20), BENCH_CONCURRENCY (16), BENCH_PORT (4342),
 * BENCH_PG_PORT (4343), SKIP_BUILD=1 to serve an existing dist/ (else it builds first).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../src/server/db/client';
import { startPgCluster } from '../../src/server/db/pg-cluster';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: npm run bench:faults   (options in the environment: BENCH_SECONDS, BENCH_RESTART_AT, BENCH_CONCURRENCY, BENCH_PORT, BENCH_PG_PORT, SKIP_BUILD=1)',
  {},
);
const root = resolve(import.meta.dirname, '../..');
const num = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
const seconds = num('BENCH_SECONDS', 60);
const restartAt = num('BENCH_RESTART_AT', 20);
const concurrency = num('BENCH_CONCURRENCY', 16);
const port = num('BENCH_PORT', 4342);
const pgPort = num('BENCH_PG_PORT', 4343);
const origin = `http://127.0.0.1:${port}`;

const say = (message: string) => console.log(`[bench:faults] ${message}`);

if (process.env['SKIP_BUILD'] !== '1' || !existsSync(join(root, 'dist', 'index.html'))) {
  say('building the site...');
  const build = spawnSync('npx', ['astro', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('the build failed');
}

say(`starting a durable PostgreSQL on 127.0.0.1:${pgPort}`);
const cluster = await startPgCluster({ durable: true, port: pgPort });
const logDir = mkdtempSync(join(tmpdir(), 'optiq-bench-faults-'));
const serverLog = join(logDir, 'server.log');
const out = openSync(serverLog, 'a');
const server = spawn('npx', ['tsx', 'scripts/run/start.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SKIP_BUILD: '1',
    DATABASE_URL: cluster.url,
    CONTACT_RATE_LIMIT: '1000000000',
  },
  stdio: ['ignore', out, out],
  detached: true,
});
let serverExit: string | null = null;
server.once('exit', (code, signal) => {
  serverExit = signal ? `signal ${signal}` : `exit code ${code}`;
});

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (server.exitCode === null && server.signalCode === null && server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await cluster.destroy();
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function waitForServer(withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (serverExit) throw new Error(`the server exited (${serverExit}); see ${serverLog}`);
    try {
      if ((await fetch(`${origin}/api/apis`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start; see ${serverLog}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

interface Sent {
  marker: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
}

try {
  await waitForServer(120_000);
  const runId = randomBytes(4).toString('hex');
  say(
    `server ready; ${seconds} s of POST /api/contacts at concurrency ${concurrency}, PostgreSQL restart at ${restartAt} s (run ${runId})`,
  );

  const sent: Sent[] = [];
  const t0 = Date.now();
  const stopAt = t0 + seconds * 1000;
  let seq = 0;
  async function worker() {
    while (Date.now() < stopAt) {
      const marker = `fault-bench ${runId} ${++seq}`;
      const startedAt = Date.now();
      let status = 0;
      try {
        const res = await fetch(`${origin}/api/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Fault Bench',
            email: 'bench@example.com',
            message: marker,
            pageName: 'Benchmark',
          }),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
        // A dead server refuses at once; do not spin.
        await new Promise((r) => setTimeout(r, 50));
      }
      sent.push({ marker, startedAt, endedAt: Date.now(), status });
    }
  }

  let restartBegan = 0;
  let restartDone = 0;
  const restart = (async () => {
    await new Promise((r) => setTimeout(r, restartAt * 1000));
    restartBegan = Date.now();
    await cluster.restart();
    restartDone = Date.now();
  })();
  await Promise.all([...Array.from({ length: concurrency }, worker), restart]);

  const survived =
    serverExit === null &&
    (await fetch(`${origin}/api/apis`).then(
      (r) => r.ok,
      () => false,
    ));

  const db = createDb({ kind: 'postgres', url: cluster.url }, { max: 1 });
  const rows = await db
    .selectFrom('contacts')
    .select('message')
    .where('message', 'like', `fault-bench ${runId} %`)
    .execute();
  const { rows: settings } = await sql<{ name: string; setting: string }>`
    select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`.execute(
    db,
  );
  await db.destroy();

  const stored = new Set(rows.map((r) => r.message));
  const ok = sent.filter((s) => s.status >= 200 && s.status < 300);
  const lost = ok.filter((s) => !stored.has(s.marker));
  const storedNotAcknowledged = sent.filter(
    (s) => !(s.status >= 200 && s.status < 300) && stored.has(s.marker),
  ).length;
  const byStatus = new Map<number, number>();
  for (const s of sent) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const firstOkAfter = ok.filter((s) => s.startedAt >= restartBegan).sort((a, b) => a.endedAt - b.endedAt)[0];
  const statuses = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
    .join(', ');

  console.log(`\nfault benchmark, ${new Date().toISOString()}, loopback`);
  console.log(`PostgreSQL ${settings.map((s) => `${s.name}=${s.setting}`).join(' ')}`);
  console.log(
    `load: ${seconds} s of POST /api/contacts, concurrency ${concurrency}; pg_ctl restart -m fast at ${((restartBegan - t0) / 1000).toFixed(1)} s, took ${((restartDone - restartBegan) / 1000).toFixed(1)} s`,
  );
  console.log(`requests sent:                    ${sent.length}`);
  console.log(`2xx (accepted):                   ${ok.length}`);
  console.log(`by status:                        ${statuses}`);
  console.log(`rows stored with the markers:     ${stored.size}`);
  console.log(`accepted but lost:                ${lost.length}`);
  console.log(`stored but not acknowledged:      ${storedNotAcknowledged}`);
  console.log(
    `server process survived:          ${survived ? 'yes' : `no (${serverExit ?? 'not answering'})`}`,
  );
  console.log(
    `first 2xx after the restart began: ${firstOkAfter ? `${((firstOkAfter.endedAt - restartBegan) / 1000).toFixed(2)} s` : 'never'}`,
  );
  console.log(`server log:                       ${serverLog}`);
  process.exitCode = lost.length === 0 && survived && firstOkAfter ? 0 : 1;
} finally {
  await cleanUp();
}
