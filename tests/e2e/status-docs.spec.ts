import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';
import { formatDay } from '../../src/lib/changelog';
import { statusSummarySchema } from '../../src/shared/schemas/status';

/**
 * The status page (from the probes the server records), the changelog and its feed, the docs'
 * key picker and the docs' "On this page" list on a phone: each at desktop (1280 px) and phone
 * (390 px) widths, in this (desktop) project, so the flows that write data run in one place.
 */

/** The newest changelog day as the page heads it (the entries' file names start with their day). */
const newestDay = formatDay(
  readdirSync('content/changelog')
    .map((name) => /^\d{4}-\d{2}-\d{2}/.exec(name)?.[0] ?? '')
    .sort()
    .at(-1)!,
);

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

/** Reloads /status until the server's first probe is recorded (it runs a few seconds after start). */
async function statusWithProbe(page: Page): Promise<void> {
  await page.goto('/status');
  await expect(async () => {
    await page.reload();
    await expect(page.locator('[data-overall]')).not.toHaveAttribute('data-overall', 'none', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
}

for (const width of WIDTHS) {
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport, isMobile: width.isMobile });

    test('/status shows each component and 30 days of uptime from the recorded probes', async ({ page }) => {
      await statusWithProbe(page);
      const summary = statusSummarySchema.parse(await (await page.request.get('/api/status')).json());
      const current = summary.current!;
      // What the page shows is what the probes recorded.
      await expect(page.locator('[data-overall]')).toHaveAttribute('data-overall', current.status);
      for (const c of current.components) {
        const row = page.locator(`[data-component="${c.id}"]`);
        await expect(row).toContainText(c.name);
        await expect(row).toContainText(c.detail);
      }
      await expect(page.getByRole('list', { name: 'Components' }).getByRole('listitem')).toHaveCount(4);
      const bars = page.getByRole('list', { name: /^Uptime per day/ }).getByRole('listitem');
      await expect(bars).toHaveCount(30);
      const today = summary.days.at(-1)!;
      await expect(bars.last()).toHaveAttribute('data-probes', /^[1-9]\d*$/);
      await expect(bars.last()).toContainText(/up, \d+ probes?/);
      expect(today.probes).toBeGreaterThan(0);
      // Days before the server started have no probes and say so.
      await expect(bars.first()).toContainText('no data');
      await expect(page.locator('[data-uptime-total]')).toContainText(/\d+(\.\d+)?% uptime \(\d+ probes?\)/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The pricing page's SLA leads here.
      await page.goto('/pricing');
      await page.getByRole('link', { name: '99.9% uptime SLA' }).click();
      await expect(page).toHaveURL(/\/status$/);
    });

    test('/changelog lists the entries by day, linked from the docs and the footer, with a valid RSS feed', async ({
      page,
    }) => {
      await page.goto('/docs');
      await page.getByRole('link', { name: 'Changelog', exact: true }).first().click();
      await expect(page).toHaveURL(/\/changelog$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('What changed');
      const days = page.getByRole('list', { name: 'Changes by day' }).locator(':scope > li');
      expect(await days.count()).toBeGreaterThanOrEqual(4);
      await expect(days.first().getByRole('heading', { level: 2 })).toHaveText(newestDay);
      const entryCount = await page.locator('article').count();
      expect(entryCount).toBeGreaterThanOrEqual(12);
      const newest = (
        await page.locator('article').first().getByRole('heading', { level: 3 }).textContent()
      )?.trim();
      expect(newest).toBeTruthy();
      await expect(page.locator('article[id="2026-11-23-photo-authenticity"]')).toContainText(
        '/api/predict_batch',
      );
      await expect(page.locator('footer').getByRole('link', { name: 'Changelog' })).toHaveAttribute(
        'href',
        '/changelog',
      );

      // The feed parses as XML in the browser, one item per entry, newest first.
      await page.getByRole('link', { name: 'RSS feed' }).click();
      const feed = await page.evaluate(async () => {
        const xml = new DOMParser().parseFromString(
          await (await fetch('/changelog.xml')).text(),
          'application/xml',
        );
        return {
          error: xml.querySelector('parsererror')?.textContent ?? null,
          version: xml.documentElement.getAttribute('version'),
          items: [...xml.querySelectorAll('item')].map((i) => i.querySelector('title')?.textContent),
        };
      });
      expect(feed.error).toBeNull();
      expect(feed.version).toBe('2.0');
      expect(feed.items).toHaveLength(entryCount);
      // The feed's order is the page's: its first item is the page's first entry.
      expect(feed.items[0]).toBe(newest);
    });
  });
}

test.describe('the docs on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  test('/docs has a collapsible "On this page" list at the top, operable by keyboard', async ({ page }) => {
    await page.goto('/docs');
    const toc = page.locator('[data-toc-mobile]');
    await expect(toc).toBeVisible();
    const list = toc.getByRole('navigation', { name: 'On this page' });
    await expect(list).toBeHidden();
    // It comes before the first section, well within the first screens of a long page.
    const box = await toc.boundingBox();
    expect(box!.y).toBeLessThan(1600);
    await toc.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    const errors = list.getByRole('link', { name: 'Errors', exact: true });
    await errors.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#errors$/);
    await expect(page.locator('#errors')).toBeInViewport();
  });
});

test('at desktop width the contents stay beside the sections and the phone list is hidden', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs');
  await expect(page.locator('[data-toc-mobile]')).toBeHidden();
  await expect(page.locator('aside').getByRole('navigation', { name: 'On this page' })).toBeVisible();
});

/** Signs up through the API (the session cookie lands in the page's context) and creates a key in the dashboard. */
async function accountWithKey(page: Page): Promise<string> {
  const tag = uniqueTag('k')
    .replace(/[^a-zA-Z0-9_.-]/g, '')
    .slice(0, 28);
  const res = await page.request.post('/api/account/signup', {
    data: { username: tag, email: `${tag}@example.com`, password: 'a long test password 1' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/dashboard');
  const keys = page.getByTestId('keys-panel');
  await keys.getByLabel('Key name').fill('docs');
  await keys.getByRole('button', { name: 'Create key' }).click();
  return page.getByTestId('new-key-value').inputValue();
}

for (const width of WIDTHS) {
  test.describe(`the docs key picker at ${width.name} width`, () => {
    test.use({ viewport: width.viewport, isMobile: width.isMobile });

    test('signed out the samples read $OPTIQ_API_KEY; signed in with a key made in this tab, samples and Try it use it', async ({
      page,
      context,
    }) => {
      await page.goto('/docs');
      const picker = page.locator('[data-docs-key]');
      await expect(picker).toContainText('The samples read your key from $OPTIQ_API_KEY');
      await expect(picker.getByRole('link', { name: 'Sign in' })).toBeVisible();
      const quickStart = page.locator('#quick-start').locator('..');
      await expect(quickStart.locator('pre').filter({ hasText: 'curl' }).first()).toContainText(
        'Authorization: Bearer $OPTIQ_API_KEY',
      );
      await expect(page.locator('main')).not.toContainText('YOUR_API_KEY');

      const key = await accountWithKey(page);
      expect(key.length).toBeGreaterThan(20);

      // The key created in this tab is picked and written into the samples and the export line.
      await page.goto('/docs');
      const select = picker.getByLabel('Use one of your API keys in the samples');
      await expect(select).toBeEnabled();
      await expect(select.locator('option:checked')).toHaveText(
        new RegExp(`^docs \\(.+…${key.slice(-4)}\\)$`),
      );
      await expect(picker.getByRole('status')).toContainText('use your key “docs”');
      await expect(page.locator('pre').filter({ hasText: 'export OPTIQ_API_KEY' }).first()).toContainText(
        `export OPTIQ_API_KEY="${key}"`,
      );
      const curl = page.locator('pre').filter({ hasText: 'curl -X POST' }).first();
      await expect(curl).toContainText(`Authorization: Bearer ${key}`);
      await expect(curl).not.toContainText('$OPTIQ_API_KEY');

      // A reference page: its samples and Try it use the same key.
      await page.goto('/docs/image-object-detection');
      await expect(page.locator('[data-docs-key] select')).toBeEnabled();
      await expect(page.locator('pre').filter({ hasText: 'curl -X POST' }).first()).toContainText(
        `Bearer ${key}`,
      );
      const tryIt = page.locator('[data-try-it]').first();
      await tryIt.locator('summary').click();
      await hydrated(page, 'TryIt', tryIt);
      await expect(tryIt.getByLabel('API key', { exact: true })).toHaveValue(key);

      // "None" puts the placeholder back.
      await page.locator('[data-docs-key] select').selectOption('');
      await expect(page.locator('pre').filter({ hasText: 'curl -X POST' }).first()).toContainText(
        'Bearer $OPTIQ_API_KEY',
      );

      // Another tab never saw the secret: the picker names the key by its prefix and shows the export line.
      const other = await context.newPage();
      await other.goto('/docs');
      const otherPicker = other.locator('[data-docs-key]');
      await expect(otherPicker.locator('select')).toBeEnabled();
      const option = otherPicker.locator('option', { hasText: `…${key.slice(-4)})` });
      await otherPicker.locator('select').selectOption((await option.getAttribute('value'))!);
      await expect(otherPicker.getByRole('status')).toContainText('shown only once');
      await expect(otherPicker.locator('[data-docs-key-export]')).toContainText(`…${key.slice(-4)}"`);
      await expect(other.locator('pre').filter({ hasText: 'curl -X POST' }).first()).toContainText(
        'Bearer $OPTIQ_API_KEY',
      );
      await expect(other.locator('main')).not.toContainText(key);
      await other.close();
    });
  });
}
