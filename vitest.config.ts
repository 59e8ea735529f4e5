import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that open a database (embedded PGlite or, with `TEST_DATABASE_URL`, a real PostgreSQL
 * server) or drive functions end to end: `npm run test:pg` runs these again on PostgreSQL. Any
 * other test file is a unit test; a unit test that opens a test database fails and says to
 * list its file here (tests/support/test-db.ts).
 */
export const INTEGRATION = [
  'tests/functions/**/*.test.ts',
  'tests/support/**/*.test.ts',
  'src/server/db/**/*.test.ts',
  'src/server/batch/**/*.test.ts',
  'src/server/auth/session-store.test.ts',
  'src/server/contacts/service.test.ts',
  'src/server/rate-limit/rate-limit.test.ts',
  'src/server/vision/similar/similar.test.ts',
  'src/server/vision/store.test.ts',
  'src/server/status/**/*.test.ts',
  'src/server/vision/watermark/brand-store.test.ts',
  'src/local/prepare-database.test.ts',
  'src/local/dev-integration.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time; the tests wait on servers,
    // sockets and timers often enough that two at once finish sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
          ],
          exclude: INTEGRATION,
          env: { TEST_NO_DATABASE: '1' },
          // One worker process runs many unit files, their modules (and a model a test loads)
          // loaded once per worker instead of once per file: the 127 files took 113 s of CPU
          // instead of 160 s. A unit file that changes process state (env, globals, an engine it
          // starts) restores it in its own hooks, as it must for the tests beside it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          // Migrates one embedded database per run; each test database starts from its image.
          globalSetup: ['tests/support/pglite-global-setup.ts'],
          // Files share their worker process too: each opens and closes its own database, and
          // the vision models an earlier file loaded stay loaded (a file that needs a fresh
          // engine, such as a cold health check or other engine settings, closes it first).
          isolate: false,
        },
      },
    ],
  },
});
