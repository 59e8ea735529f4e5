/**
 * `npm run dev`: Astro's dev server with hot reload, plus every function from `functions/`
 * served in the same process on the same port, over the same local runtime as `npm start`
 * (database migrated and seeded, batch worker, retention timers: src/local/runtime.ts).
 * Environment: PORT (default 4321), PGLITE_DIR / DATABASE_URL, BATCH_WORKER as for `npm start`.
 */
import { resolve } from 'node:path';
import { dev } from 'astro';
import { localFunctions } from '../../src/local/dev-integration';
import { adminSetupHint } from '../../src/server/auth/setup-hint';
import { parseCli } from '../lib/cli';

parseCli('Usage: npm run dev   (environment: PORT, HOST, PGLITE_DIR / DATABASE_URL, BATCH_WORKER=0)', {});

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env['PORT'] ?? 4321);

const hint = adminSetupHint();
if (hint) console.log(`\n${hint}\n`);

const functions = localFunctions({ root });
const server = await dev({
  root,
  server: { port, host: process.env['HOST'] ?? '127.0.0.1' },
  integrations: [functions],
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  await functions.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
