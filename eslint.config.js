// ESLint flat config, run by `npm run lint` (scripts/ci/lint.ts, the first step of `npm test`).
// House rule: every rule override below carries a comment saying why.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Shipped code: the functions, everything under src/ and the packages' src/, but their tests. */
const PRODUCTION = ['src/**/*.{ts,tsx}', 'functions/**/*.ts', 'packages/*/src/**/*.ts'];
const TESTS = ['**/*.test.{ts,tsx}'];

/**
 * Layers: `shared < server < functions` on the server side and `shared < lib < components <
 * islands < pages` on the site side (README, "Layout"). Each regex names a folder as a relative
 * import reaches it (`../server/x`, `../../src/server/x`), so package paths never match.
 */
const folder = (path) => `^\\.{1,2}/(?:\\.\\./)*(?:src/)?${path}(?:/|$)`;
const LAYERS = {
  server: folder('server'),
  functions: folder('functions'),
  lib: folder('lib'),
  components: folder('components'),
  layouts: folder('layouts'),
  islands: folder('islands'),
  /** An island's modules (lower-case files): an Astro component may mount an island (a PascalCase
   * component file, as a page does), never reach into its state or requests. */
  islandModules: `${folder('islands')}.*/[a-z][^/]*$`,
  pages: folder('pages'),
  local: folder('local'),
  /** The CLIs' modules (scripts/lib/, scripts/eval/, ...: a subfolder; src/scripts has none). */
  cli: `^\\.{1,2}/(?:\\.\\./)*scripts/[^/]+/`,
  /** Browser scripts: the files directly in src/scripts. */
  browser: `^\\.{1,2}/(?:\\.\\./)*scripts/[^/]+$`,
  /** The docs copy in TypeScript (content/docs/): site-side code at the lib layer. */
  docsCopy: `^\\.{1,2}/(?:\\.\\./)*content/docs/`,
};

/** `no-restricted-imports` refusing the named layers, with the reason in the message. */
const forbidLayers = (why, names) => [
  'error',
  {
    patterns: names.map((name) => ({
      regex: LAYERS[name],
      caseSensitive: true,
      message: `no ${name} imports here: ${why}`,
    })),
  },
];

/** Scrollable code blocks and table wrappers take tabindex="0" so keyboard users can scroll them
 * (axe: scrollable-region-focusable); the rule's default allows it only on role="tabpanel". */
const focusableScrollRegions = ['error', { tags: ['pre'], roles: ['tabpanel', 'region'] }];

/**
 * The layer rules, for shipped code only (a test may check a module against its users, as the
 * contracts test does against the OpenAPI document). A later block overrides an earlier one's
 * options for the files both match, so the <script> blocks' rule comes last, and the list ends
 * the config. scripts/ci/lint-layers.test.ts checks what each refuses and lets through.
 * @type {import('eslint').Linter.Config[]}
 */
export const layerRules = [
  {
    // Both stacks import shared (the functions and the browser bundles), so it must pull in
    // neither: only itself and content's data.
    files: ['src/shared/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers(
        'shared is imported by both the functions and the site, so it imports neither',
        [
          'server',
          'functions',
          'lib',
          'components',
          'layouts',
          'islands',
          'pages',
          'local',
          'cli',
          'browser',
          'docsCopy',
        ],
      ),
    },
  },
  {
    // Server code is zipped into each function that imports it: site code here would ship in
    // every function bundle and tie the API to the page build.
    files: ['src/server/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers(
        'server code may use only shared and itself (it ships in function bundles)',
        [
          'functions',
          'lib',
          'components',
          'layouts',
          'islands',
          'pages',
          'local',
          'cli',
          'browser',
          'docsCopy',
        ],
      ),
    },
  },
  {
    // Functions are the top of the server stack: thin handlers over server and shared.
    files: ['functions/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers(
        'functions use server and shared; site code belongs to the pages',
        ['lib', 'components', 'layouts', 'islands', 'pages', 'local', 'cli', 'browser', 'docsCopy'],
      ),
    },
  },
  {
    // lib is the site's logic, run at build time and in islands: server code (sharp, the
    // database) must not reach page bundles, and lib must not depend on what renders it.
    files: ['src/lib/**/*.ts', 'content/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers(
        'lib (and the docs copy in content/) uses only shared, content and itself',
        ['server', 'functions', 'components', 'layouts', 'islands', 'pages', 'local', 'cli', 'browser'],
      ),
    },
  },
  {
    // Astro components and layouts (page shells, one layer) render markup from lib and shared;
    // they may mount an island's component but not use its modules, nor reach server code.
    files: ['src/components/**/*.{ts,tsx,astro}', 'src/layouts/**/*.astro'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers('components use lib, shared and island components they mount', [
        'server',
        'functions',
        'islandModules',
        'pages',
        'local',
        'cli',
        'browser',
      ]),
    },
  },
  {
    // Islands and browser scripts run in the browser: lib, shared and components (icons) only.
    files: ['src/islands/**/*.{ts,tsx}', 'src/scripts/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers(
        'browser code uses components, lib and shared; server code never reaches the browser',
        ['server', 'functions', 'layouts', 'pages', 'local', 'cli'],
      ),
    },
  },
  {
    // Pages are pre-rendered static HTML: they compose everything below, but server code belongs
    // to the functions (a page needing a server value means the value belongs in shared).
    files: ['src/pages/**/*.{ts,astro}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': forbidLayers('pages are static: what they need from the API lives in shared', [
        'server',
        'functions',
        'local',
        'cli',
      ]),
    },
  },
  {
    // An .astro file's <script> blocks are browser code, whatever folder the file is in.
    files: ['src/**/*.astro/*'],
    rules: {
      'no-restricted-imports': forbidLayers('a <script> block runs in the browser', [
        'server',
        'functions',
        'layouts',
        'pages',
        'local',
        'cli',
      ]),
    },
  },
];

export default defineConfig(
  // Generated, vendored or downloaded files: not ours to lint.
  globalIgnores([
    'dist/',
    '.astro/',
    '.netlify/',
    '.data/',
    '.cache/',
    'public/',
    'coverage/',
    'test-results/',
    'playwright-report/',
    'content/examples/',
    'packages/*/dist/',
    'packages/sdk/src/generated/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Every TypeScript and JavaScript file: ESLint's and typescript-eslint's recommended rules.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading `_` marks a parameter kept for a signature (handlers' `_req`) or a field dropped
      // by destructuring (`const { id: _id, ...rest } = row`): deliberate, so not reported.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Shipped code also gets the type-aware rules (floating and misused promises, unsafe `any`
  // flows, base-to-string), through the TypeScript project service. Tests, scripts and browser
  // tests get only the rules above: linting them type-aware too took the run from ~73 s to
  // ~100 s of CPU (one thread), and they are type-checked by `npm run check` and exercised by
  // their own runs; on them the type-aware rules found only `any` JSON bodies and casts.
  {
    files: PRODUCTION,
    // Tests, and the <script> blocks of .astro files (virtual files the TypeScript program lacks).
    ignores: [...TESTS, '**/*.astro/*'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Off: `async` without `await` is deliberate here: it implements Promise-returning interfaces
      // (stores, engines, handlers) and turns a synchronous throw into a rejection. The rule's
      // remedy, dropping `async`, would change throw-vs-reject behaviour for callers.
      '@typescript-eslint/require-await': 'off',
      // Forwarding a rejection reason received from elsewhere (an AbortSignal's reason, a wrapped
      // promise's error) must pass it on unchanged; literal non-Error rejections are still reported.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },

  // Migrations are frozen in time and typed `Kysely<any>` on purpose (kysely's advice): they must
  // not follow today's application schema types.
  {
    files: ['src/server/db/migrations/**', 'src/server/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // React islands. jsx-a11y is registered as the module object itself (not the copy inside
  // `flatConfigs.recommended`) because the Astro plugin's jsx-a11y config registers that same
  // object, and ESLint refuses two different plugins under one name.
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/no-noninteractive-tabindex': focusableScrollRegions,
      // The two classic hook rules, not react-hooks 7's React Compiler rules (`recommended`):
      // the islands are not built with React Compiler, those rules cost ~11 s of CPU per run
      // (src/**/*.tsx: 14.8 s with them, 3.7 s without), and all 14 of their findings were
      // deliberate patterns: reading window/localStorage in an effect after hydration, focusing a
      // field once re-enabled, the latest-callback ref, an object of refs passed as `ref` props.
      'react-hooks/rules-of-hooks': 'error',
      // `error`, not the preset's `warn`: a warning does not fail `npm test`, so a stale closure
      // would pass unnoticed; the deliberate exceptions carry a disable comment with the reason.
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Astro components and pages: the Astro plugin's rules and its jsx-a11y rules for the markup;
  // the frontmatter and <script> blocks get the non-type-aware TypeScript rules.
  {
    files: ['**/*.astro'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
  },
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.astro'],
    rules: { 'astro/jsx-a11y/no-noninteractive-tabindex': focusableScrollRegions },
  },
  ...layerRules,
);
