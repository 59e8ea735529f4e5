import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { hashPasswordSync } from './src/server/auth/password';
import { ADMIN } from './tests/support/e2e/contact-helpers';

/** Port of the local runtime the browser tests drive (`npm start`, without rebuilding). */
const PORT = Number(process.env['E2E_PORT'] ?? 4321);
export const baseURL = `http://127.0.0.1:${PORT}`;
/** A second server started like a plain `npm start` (no test opt-ins), for the samples spec. */
const PLAIN_PORT = PORT + 1;
const plainURL = `http://127.0.0.1:${PLAIN_PORT}`;

/**
 * Debian's Chromium with the flags this offline machine needs; never a downloaded browser.
 *
 * Its headless shell (`apt-get install chromium-headless-shell`: the same Blink and V8 without
 * the desktop browser around them, what Playwright itself runs headless by default) takes half
 * the CPU of the full browser over this suite; the full browser serves where it is missing.
 * The shell hints glyph outlines fully unless told not to, which rounds every advance to a whole
 * pixel: `--font-render-hinting=none` lays text out as the desktop browser does.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath:
    process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--font-render-hinting=none',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// A fresh embedded database per run, so tests start from the seeded catalogue and no contacts.
const dataDir = mkdtempSync(join(tmpdir(), 'optiq-e2e-'));
const plainDataDir = mkdtempSync(join(tmpdir(), 'optiq-e2e-plain-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that passes on its retry is reported as flaky (in the runner's
  // summary and CI's recap), not hidden; one that fails twice fails the run. Locally, none.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions,
    trace: 'off',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /samples\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // The site as `npm start` serves it, without VISION_ALLOW_PRIVATE_URLS.
      name: 'plain-start',
      testMatch: /samples\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: plainURL },
    },
    {
      name: 'mobile',
      // Layout and navigation checks at a phone width; flows that write data run once, on desktop.
      // (pages.spec.ts checks every route at the phone width itself, in the page it loaded at 1280 px.)
      testMatch: /(routes|visual|interaction)\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: 'npx tsx scripts/run/start.ts',
      url: `${baseURL}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        SKIP_BUILD: process.env['SKIP_BUILD'] ?? '1',
        PGLITE_DIR: dataDir,
        VISION_ALLOW_PRIVATE_URLS: '1',
        // Each test sends its own X-Forwarded-For (contact-helpers.ts isolateClient) as if through one proxy.
        TRUST_PROXY: '1',
        ...(process.env['DIST_DIR'] ? { DIST_DIR: process.env['DIST_DIR'] } : {}),
        // A throwaway admin for the admin-page tests; nothing here ships as a default.
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD_HASH: hashPasswordSync(ADMIN.password),
        SESSION_SECRET: randomBytes(48).toString('base64'),
      },
    },
    {
      command: 'npx tsx scripts/run/start.ts',
      url: `${plainURL}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PLAIN_PORT),
        SKIP_BUILD: process.env['SKIP_BUILD'] ?? '1',
        PGLITE_DIR: plainDataDir,
        VISION_ALLOW_PRIVATE_URLS: '',
        // isolateClient gives each test its own address here too.
        TRUST_PROXY: '1',
        ...(process.env['DIST_DIR'] ? { DIST_DIR: process.env['DIST_DIR'] } : {}),
      },
    },
  ],
});
