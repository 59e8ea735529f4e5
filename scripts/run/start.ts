/**
 * `npm start`: builds the site, migrates and seeds the database (embedded PGlite in `.data/`
 * unless DATABASE_URL is set), starts the batch worker, then serves the static build and every function on one port.
 *
 * Environment: PORT (default 4321), HOST (default 127.0.0.1), SKIP_BUILD=1 to serve an existing
 * build, DIST_DIR (default dist), PGLITE_DIR / DATABASE_URL (see src/server/db/client.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listFunctionFiles, type FunctionModule } from '../../src/local/function-routes';
import { createLocalHttpServer } from '../../src/local/http-server';
import { startLocalRuntime, type LocalRuntime } from '../../src/local/runtime';
import { createSiteHandler } from '../../src/local/site-handler';
import { adminSetupHint } from '../../src/server/auth/setup-hint';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: npm start   (environment: PORT, HOST, SKIP_BUILD=1, DIST_DIR, PGLITE_DIR / DATABASE_URL, BATCH_WORKER=0)',
  {},
);

const root = resolve(import.meta.dirname, '../..');
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

// The database (migrated and seeded; embedded PGlite served on a loopback port so the batch
// queue has connections of its own), the batch worker (BATCH_WORKER=0 leaves the queue to
// workers started elsewhere) and the retention timers: src/local/runtime.ts, shared with
// `npm run dev`.
let runtime: LocalRuntime;
try {
  runtime = await startLocalRuntime({ log });
} catch (error) {
  console.error(`[start] database set-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
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
  log(
    `functions: ${site.routes.map((r) => `${r.pattern}${r.methods ? ` (${r.methods.join(', ')})` : ''}`).join(', ')}`,
  );
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

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await site.stop().catch(() => {});
  await runtime.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
