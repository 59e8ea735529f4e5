// ESLint flat config, run by `npm run lint` (scripts/ci/lint.ts, the first step of `npm test`).
// House rule: every rule override below carries a comment saying why.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Shipped code: the functions and everything under src/ but its tests. */
const PRODUCTION = ['src/**/*.{ts,tsx}', 'functions/**/*.ts'];
const TESTS = ['**/*.test.{ts,tsx}'];

/** Scrollable code blocks and table wrappers take tabindex="0" so keyboard users can scroll them
 * (axe: scrollable-region-focusable); the rule's default allows it only on role="tabpanel". */
const focusableScrollRegions = ['error', { tags: ['pre'], roles: ['tabpanel', 'region'] }];

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
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
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
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
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
);
