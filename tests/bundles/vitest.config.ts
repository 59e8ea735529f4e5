import { defineConfig } from 'vitest/config';

/** The bundle test alone (`npm run test:bundles`): slow, one process, run after `npm test`. */
export default defineConfig({
  test: {
    include: ['tests/bundles/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    fileParallelism: false,
    // One line per function as it finishes: the run takes minutes.
    reporters: ['verbose'],
    testTimeout: 10 * 60_000,
    hookTimeout: 30 * 60_000,
  },
});
