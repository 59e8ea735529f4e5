import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Browser checks for /docs and the shared code blocks (copy, language tabs, reference tabs). */

test.describe('/docs', () => {
  test('sets title, meta and page name', async ({ page }) => {
    await page.goto('/docs');
    await expect(page).toHaveTitle(/API Documentation/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Vision Authenticity API/);
    await expect(page.locator('body')).toHaveAttribute('data-page-name', 'Documentation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vision Authenticity API');
    await expect(page.getByText('v1.0.0')).toBeVisible();
  });

  test('copy puts the raw code on the clipboard, confirms, and resets after 2 seconds', async ({ page, context, browserName }) => {
    test.skip(browserName !== 'chromium', 'clipboard permissions are Chromium-only');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs');
    const block = page.locator('[data-code-root]', { hasText: 'Terminal' });
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    await expect(block.getByRole('button', { name: /Copied!/ })).toBeVisible();
    await expect(block.getByRole('status')).toHaveText('Code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('export OPTIQ_API_KEY="your-api-key"');
    await expect(page.getByText('Code copied to clipboard').first()).toBeVisible();
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeVisible({ timeout: 3000 });
  });

  test('copies the visible language of a code tab, with the keyboard', async ({ page, context, browserName }) => {
    test.skip(browserName !== 'chromium', 'clipboard permissions are Chromium-only');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs');
    const tabs = page.locator('[data-code-tabs]').first();
    await tabs.getByRole('tab', { name: 'Python' }).click();
    await tabs.getByRole('button', { name: 'Copy code' }).focus();
    await page.keyboard.press('Enter');
    await expect(tabs.getByRole('button', { name: /Copied!/ })).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toContain('import requests');
    expect(text).toContain('"image_url": "https://images.example.com/listings/kitchen-01.jpg"');
  });

  test('the language choice switches every sample and survives a reload', async ({ page }) => {
    await page.goto('/docs#examples');
    const first = page.locator('[data-code-tabs]').first();
    await first.getByRole('tab', { name: 'cURL' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(first.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(first.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
    // Every CodeTabs on the page follows.
    const selected = page.locator('[data-code-tabs] [role="tab"][aria-selected="true"]');
    const count = await page.locator('[data-code-tabs]').count();
    await expect(selected).toHaveCount(count);
    for (const tab of await selected.all()) await expect(tab).toHaveText('JavaScript');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-code-lang', 'javascript');
    await expect(page.locator('[data-code-tabs]').first().getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-code-tabs]').first().getByRole('tabpanel')).toContainText('await fetch(');
  });

  test('reference tabs work by click, arrow keys and URL hash', async ({ page }) => {
    await page.goto('/docs#performance');
    await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: /Rate limits/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Error body/ })).toBeHidden();

    await page.getByRole('tab', { name: 'Errors' }).click();
    await expect(page).toHaveURL(/#errors$/);
    await expect(page.getByRole('heading', { name: /^Error body/ })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Examples' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Examples' })).toHaveAttribute('aria-selected', 'true');

    // A deep link into another tab opens that tab.
    await page.goto('/docs#post-detect');
    await expect(page.getByRole('tab', { name: 'Endpoints' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#post-detect')).toBeInViewport();
  });

  test('every h2 and h3 has an id and a link to itself', async ({ page }) => {
    await page.goto('/docs');
    const headings = page.locator('main h2, main h3');
    expect(await headings.count()).toBeGreaterThan(20);
    for (const h of await headings.all()) {
      const id = await h.getAttribute('id');
      expect(id).toBeTruthy();
      await expect(h.locator('a[aria-label^="Link to this section"]')).toHaveAttribute('href', `#${id}`);
    }
  });

  test('Get API Key opens the contact dialog', async ({ page }) => {
    await page.goto('/docs');
    await page.getByRole('button', { name: 'Get API Key' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeVisible();
  });

  for (const hash of ['', '#examples', '#errors', '#performance']) {
    test(`no serious or critical axe violations on /docs${hash}`, async ({ page }) => {
      await page.goto(`/docs${hash}`);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      expect(blocking).toEqual([]);
    });
  }
});
