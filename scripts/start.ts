/**
 * `npm start`: builds the site, migrates and seeds the database (embedded PGlite in `.data/`
 * unless DATABASE_URL is set), then serves the static build and every function on one port.
 *
 * Environment: PORT (default 4321), HOST (default 127.0.0.1), SKIP_BUILD=1 to serve an existing
 * build, DIST_DIR (default dist), PGLITE_DIR / DATABASE_URL (see src/server/db/client.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pruneUsageEvents, usageRetentionDays } from '../src/server/account/usage';
import { adminSetupHint } from '../src/server/auth/setup-hint';
import { getQueueConfig, setQueueConfig } from '../src/server/batch/queue';
import { startBatchWorker, type BatchWorker } from '../src/server/batch/worker';
import { closeDb, createDb, describeResults, getDb, migrateToLatest, resolveDbTarget, seed, setDb } from '../src/server/db';
import { servePglite, type PgliteServer } from '../src/server/db/pglite-server';
import { seedGallery } from '../src/server/similar/gallery';
import { listFunctionFiles, type FunctionModule } from '../src/server/local/function-routes';
import { createLocalHttpServer } from '../src/server/local/http-server';
import { createSiteHandler } from '../src/server/local/site-handler';
import { detectionRetentionDays, pruneDetectionRuns, scheduleRetention } from '../src/server/vision/store';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const distDir = resolve(root, process.env['DIST_DIR'] ?? 'dist');
/** The address this server answers on. */
const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

function log(message: string) {
  console.log(`[start] ${message}`);
}

if (process.env['SKIP_BUILD'] !== '1') {
  log('building the site...');
  // Code samples on the pages name the API's origin: this server's, unless one is configured.
  const siteUrl = process.env['SITE_URL'] ?? process.env['URL'] ?? origin;
  const build = spawnSync('npx', ['astro', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: siteUrl },
  });
  if (build.status !== 0) {
    console.error('[start] the build failed');
    process.exit(1);
  }
}
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`[start] no built site in ${distDir}: run without SKIP_BUILD=1 (or npm run build)`);
  process.exit(1);
}

const target = resolveDbTarget();
log(`database: ${target.kind === 'pglite' ? `embedded PGlite in ${target.dataDir}` : target.kind}`);
// The batch queue's workers need connections of their own: embedded PGlite is served on a
// loopback port and every connection of this process, the site's included, goes through it
// (src/server/db/pglite-server.ts explains why).
let pgliteServer: PgliteServer | undefined;
if (target.kind === 'pglite') {
  pgliteServer = await servePglite(target.dataDir);
  setDb(createDb({ kind: 'postgres', url: pgliteServer.url }, { max: 8 }));
  setQueueConfig({ connectionString: pgliteServer.url, schema: process.env['BATCH_QUEUE_SCHEMA']?.trim() || 'graphile_worker' });
}
const db = getDb();
try {
  for (const line of describeResults(await migrateToLatest(db))) log(`migration ${line}`);
  const report = await seed(db);
  log(`seeded ${JSON.stringify(report)}`);
  log(`similar-image gallery: ${JSON.stringify(await seedGallery(db))}`);
} catch (error) {
  console.error(`[start] database set-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// The batch worker (graphile-worker) runs in this process; BATCH_WORKER=0 leaves the queue to
// workers started elsewhere (`npx tsx scripts/batch-worker.ts`) on the same database.
let batchWorker: BatchWorker | undefined;
const queue = getQueueConfig();
if (queue && process.env['BATCH_WORKER'] !== '0') {
  try {
    batchWorker = await startBatchWorker({ db, queue });
    log('batch worker: running');
  } catch (error) {
    console.error(`[start] the batch worker did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const site = await createSiteHandler({
  projectRoot: root,
  distDir,
  functionFiles: listFunctionFiles(join(root, 'functions')),
  loadModule: (file) => import(pathToFileURL(file).href) as Promise<FunctionModule>,
});

const server = createLocalHttpServer((request, ip) => site.handle(request, ip), {
  origin,
  compress: true,
  log: (message, error) => console.error(`[start] ${message}`, error),
});

server.listen(port, host, () => {
  log(`functions: ${site.routes.map((r) => `${r.pattern}${r.methods ? ` (${r.methods.join(', ')})` : ''}`).join(', ')}`);
  const hint = adminSetupHint();
  if (hint) console.log(`\n${hint}\n`);
  log(`ready on ${origin}`);
});

// Node 22's Readable.toWeb adapter can throw from a stream event after a client disconnect
// (ERR_INVALID_STATE: controller already closed); that request is over, the server is fine.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code === 'ERR_INVALID_STATE') {
    console.error(`[start] ignored a stream error after a client disconnect: ${error.message}`);
    return;
  }
  console.error('[start] fatal error', error);
  process.exit(1);
});

// Retention: the job Netlify runs hourly as functions/prune-detection-results.ts, here on a
// timer whose first run comes shortly after start.
scheduleRetention(
  async () => {
    const { deleted, cutoff } = await pruneDetectionRuns(db, { retentionDays: detectionRetentionDays() });
    if (deleted > 0) log(`pruned ${deleted} detect runs stored before ${cutoff.toISOString()}`);
  },
  {
    firstRunMs: 30_000,
    intervalMs: 60 * 60 * 1000,
    onError: (error) => console.error(`[start] pruning detect runs failed: ${error instanceof Error ? error.message : String(error)}`),
  },
);
// The same for functions/prune-usage-events.ts.
scheduleRetention(
  async () => {
    const { deleted, cutoff } = await pruneUsageEvents(db, { retentionDays: usageRetentionDays() });
    if (deleted > 0) log(`pruned ${deleted} usage events logged before ${cutoff.toISOString()}`);
  },
  {
    firstRunMs: 45_000,
    intervalMs: 60 * 60 * 1000,
    onError: (error) => console.error(`[start] pruning usage events failed: ${error instanceof Error ? error.message : String(error)}`),
  },
);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await batchWorker?.stop().catch(() => {});
  await site.stop().catch(() => {});
  await closeDb().catch(() => {});
  await pgliteServer?.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
