/**
 * `npm run dev`: Astro's dev server with hot reload, plus every function from `functions/`
 * served in the same process on the same port, over the embedded database (migrated and seeded
 * at start). Environment: PORT (default 4321), PGLITE_DIR / DATABASE_URL as for `npm start`.
 */
import { resolve } from 'node:path';
import { dev } from 'astro';
import { localFunctions } from '../src/integrations/local-functions';
import { adminSetupHint } from '../src/server/auth/setup-hint';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['PORT'] ?? 4321);

const hint = adminSetupHint();
if (hint) console.log(`\n${hint}\n`);

await dev({
  root,
  server: { port, host: process.env['HOST'] ?? '127.0.0.1' },
  integrations: [localFunctions({ root })],
});
