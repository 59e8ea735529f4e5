/**
 * `npm run test:pg`: the database and function tests again, against the real PostgreSQL server
 * of `TEST_DATABASE_URL` (CI starts a throwaway one with scripts/ci/pg-test-cluster.sh).
 *
 * Left out, as they prove nothing more on a second server:
 * - tests whose only database work is the API-key check and one usage row per call, all about
 *   the analysis (vision functions, their demos, the stored examples, the showcase): keys,
 *   metering, quotas and cross-account access run here in api-keys, free-tier and cross-account,
 *   and detect and label-sets, which store results, stay;
 * - the embedded server's own test (pglite-server) and the SDK's (a client of the HTTP API,
 *   whatever the database).
 */
import { defineConfig } from 'vitest/config';
import base, { INTEGRATION } from './vitest.config';

const { projects: _projects, ...shared } = base.test ?? {};

const ANALYSIS_ONLY = [
  'examples',
  'showcase',
  'site-samples',
  'vision-load',
  'classify',
  'caption',
  'faces',
  'watermark',
  'photo-authenticity',
  'demo-object-detection',
  'demo-watermark-detection',
  'demo-photo-validation',
].map((name) => `tests/functions/${name}.test.ts`);

export default defineConfig({
  test: {
    ...shared,
    include: INTEGRATION.filter((glob) => !glob.startsWith('src/local/')),
    exclude: [...ANALYSIS_ONLY, 'tests/functions/sdk.test.ts', 'src/server/db/pglite-server.test.ts'],
  },
});
