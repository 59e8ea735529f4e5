/**
 * `npm run test:neon`: a named, representative subset of the database and function tests run
 * through `@neondatabase/serverless`, the driver every production request uses, against the
 * real PostgreSQL server of `TEST_DATABASE_URL` behind a WebSocket proxy each test file starts
 * (`tests/neon/setup.ts`), plus the driver's own tests (`tests/neon/`): types, transactions,
 * and a connection dropped mid-query, refused or frozen (503, then recovery).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/neon/**/*.test.ts',
      // The test databases themselves, migrations and the catalogue seed.
      'tests/support/test-db.test.ts',
      'src/server/db/migrate.test.ts',
      'src/server/db/seed.test.ts',
      // Accounts: sign-up, sign-in, sessions.
      'tests/functions/account.test.ts',
      'tests/functions/admin-auth.test.ts',
      'src/server/auth/session-store.test.ts',
      // API keys, metering and quotas, rate limits.
      'tests/functions/api-keys.test.ts',
      'src/server/rate-limit/rate-limit.test.ts',
      // Batch jobs: graphile-worker on the direct URL (`pg`), job rows through Neon's driver.
      'tests/functions/predict-batch.test.ts',
      'src/server/batch/queue.test.ts',
      'src/server/batch/worker.test.ts',
      // Similar-image search (needs pgvector; skipped with the reason where the server lacks it).
      'tests/functions/similar.test.ts',
      'src/server/vision/similar/similar.test.ts',
      // Retention pruning.
      'tests/functions/prune-usage-events.test.ts',
      'tests/functions/prune-detection-results.test.ts',
      // The contact form every page carries.
      'tests/functions/contacts.test.ts',
    ],
    setupFiles: ['tests/neon/setup.ts'],
    env: { TEST_DB_DRIVER: 'neon' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
