import { expect, test } from '@playwright/test';
import { blockingViolations } from '../support/e2e/axe';

/** Browser checks for /docs and the shared code blocks (copy, language tabs, reference tabs). */

test.describe('/docs', () => {
  test('sets title, meta and page name', async ({ page }) => {
    await page.goto('/docs');
    await expect(page).toHaveTitle(/API Documentation/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Vision Authenticity API/,
    );
    await expect(page.locator('body')).toHaveAttribute('data-page-name', 'Documentation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vision Authenticity API');
    await expect(page.getByText('v1.0.0')).toBeVisible();
  });

  test('copy puts the raw code on the clipboard, confirms, and resets after 2 seconds', async ({
    page,
    context,
    browserName,
  }) => {
    test.skip(browserName !== 'chromium', 'clipboard permissions are Chromium-only');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs');
    const block = page.locator('[data-code-root]', { hasText: 'Terminal' });
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    await expect(block.getByRole('button', { name: /Copied!/ })).toBeVisible();
    await expect(block.getByRole('status')).toHaveText('Code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'export OPTIQ_API_KEY="your-api-key"',
    );
    await expect(page.getByText('Code copied to clipboard').first()).toBeVisible();
    // Reset 2 s after the copy (COPY_RESET_MS); a busy machine may run the page's timer late.
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeVisible({ timeout: 10_000 });
  });

  test('copies the visible language of a code tab, with the keyboard', async ({
    page,
    context,
    browserName,
  }) => {
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
    // Samples name the site's own sample photos, so a copied sample runs as it is.
    expect(text).toContain('requests.post(');
    expect(text).toMatch(/\/images\/samples\/[\w-]+\.jpg"/);
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
    await expect(
      page.locator('[data-code-tabs]').first().getByRole('tab', { name: 'JavaScript' }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-code-tabs]').first().getByRole('tabpanel')).toContainText(
      'await fetch(',
    );
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
    // Group introductions render their links, never raw Markdown.
    const intro = page.locator('#image-object-detection-endpoints').locator('xpath=following-sibling::p[1]');
    await expect(intro.getByRole('link', { name: 'Image Object Detection reference' })).toHaveAttribute(
      'href',
      '/docs/image-object-detection',
    );
    await expect(page.locator('#panel-endpoints')).not.toContainText('](/docs/');
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

  // The overview (`/docs`, the whole page) is checked at both widths in pages.spec.ts; here each
  // other tab, opened by its URL hash, is checked on its own panel.
  for (const tab of ['examples', 'errors', 'performance']) {
    test(`no serious or critical axe violations on /docs#${tab}`, async ({ page }) => {
      await page.goto(`/docs#${tab}`);
      await expect(page.locator(`#panel-${tab}`)).toBeVisible();
      expect(await blockingViolations(page, `#panel-${tab}`)).toEqual([]);
    });
  }
});

test.describe('API reference pages', () => {
  const REF = '/docs/image-object-detection';

  test('links to /docs and its Markdown twin, and every heading has an anchor', async ({ page }) => {
    await page.goto(REF);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Object Detection API reference');
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
      'href',
      `${REF}.md`,
    );
    await expect(page.getByRole('link', { name: 'Markdown version' })).toHaveAttribute('href', `${REF}.md`);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Documentation' }),
    ).toHaveAttribute('href', '/docs');
    for (const h of await page.locator('main h2, main h3').all()) {
      const id = await h.getAttribute('id');
      expect(id).toBeTruthy();
      await expect(h.locator('a[aria-label^="Link to this section"]')).toHaveAttribute('href', `#${id}`);
    }
    // The detect field table carries the contract's limits.
    const errorChecks = page
      .locator('#detect-objects')
      .locator('..')
      .locator('tr', { has: page.locator('code', { hasText: /^error_checks$/ }) });
    await expect(errorChecks.first()).toContainText('0 to 10');
    await expect(errorChecks.first()).toContainText('default 3');
    // /docs links to the reference.
    await page.goto('/docs');
    await page.getByRole('link', { name: 'Image Object Detection API reference', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${REF}$`));
  });

  test('Try it sends a real detect request (JSON) and shows status, headers, JSON and timing', async ({
    page,
  }) => {
    // /api/v1/detect needs a key or the visitor's own subscription: sign up and subscribe, then
    // Try it sends with the session (its default for a signed-in visitor).
    const name = `tryit${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const signup = await page.request.post('/api/account/signup', {
      data: { username: name, email: `${name}@example.com`, password: 'a long test password 1' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const sub = await page.request.post('/api/subscriptions', {
      data: { api_id: 'image-object-detection', tier: 'testing' },
    });
    expect(sub.status(), await sub.text()).toBe(201);
    await page.goto(REF);
    const tryIt = page.locator('article', { has: page.locator('#detect-objects') }).locator('[data-try-it]');
    await tryIt.locator('summary').click();
    const send = tryIt.getByRole('button', { name: 'Send POST request' });
    await expect(send).toBeEnabled();
    await expect(tryIt.getByLabel('Request body (JSON)')).toHaveValue(/"image_urls"/);
    await send.click();
    const result = tryIt.locator('[data-try-result]');
    await expect(result.getByRole('heading')).toContainText(/Response: 200 .* in \d+ ms/, {
      timeout: 30_000,
    });
    await expect(result.getByRole('heading')).toBeFocused();
    await expect(result.locator('[data-try-body]')).toContainText('"detection_results"');
    await result.getByText(/Response headers/).click();
    await expect(result.locator('dt', { hasText: /^content-type$/ })).toBeVisible();
  });

  test('Try it uploads a file to the keyless demo operation and shows the JSON', async ({ page }) => {
    await page.goto(REF);
    const tryIt = page
      .locator('article', { has: page.locator('#demo-object-detection') })
      .locator('[data-try-it]');
    await tryIt.locator('summary').click();
    await expect(tryIt.getByRole('button', { name: 'Send POST request' })).toBeEnabled();
    await tryIt.getByLabel(/Image file/).setInputFiles('public/images/samples/od-dog-bicycle.jpg');
    await tryIt.getByLabel('image_url').fill('');
    await tryIt.getByLabel('objects_to_find').fill('dog, bicycle');
    await tryIt.getByRole('button', { name: 'Send POST request' }).click();
    const result = tryIt.locator('[data-try-result]');
    await expect(result.locator('[data-try-status]')).toHaveText('200', { timeout: 30_000 });
    await expect(result.locator('[data-try-body]')).toContainText('"objects_found"');
    await expect(result.locator('[data-try-body]')).toContainText('"dog"');
  });

  test('a pasted key stays in the tab unless the visitor ticks remember', async ({ page }) => {
    await page.goto(REF);
    const tryIt = page.locator('[data-try-it]').first();
    await tryIt.locator('summary').click();
    await expect(tryIt.getByRole('button', { name: 'Send POST request' })).toBeEnabled();
    await tryIt.getByLabel('An API key').check();
    await tryIt.getByLabel('API key', { exact: true }).fill('tab-only-key');
    await tryIt.getByRole('button', { name: 'Send POST request' }).click();
    await expect(tryIt.locator('[data-try-status]')).toBeVisible({ timeout: 30_000 });
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('optiq:try-it-key'),
        localStorage.getItem('optiq:try-it-key'),
      ]),
    ).toEqual(['tab-only-key', null]);
  });

  test('search opens with the keyboard, finds an operation by a parameter name, and follows the result', async ({
    page,
  }) => {
    await page.goto('/');
    // Nothing of Pagefind loads before search is opened.
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => r.name.includes('/pagefind/')),
      ),
    ).toBe(false);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the docs and APIs' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('textbox');
    await expect(input).toBeFocused();
    await input.fill('error_checks');
    const first = dialog.locator('.pagefind-ui__result-link').first();
    await expect(first).toBeVisible();
    await expect(
      dialog.locator('.pagefind-ui__result-link', { hasText: 'Image Object Detection API reference' }),
    ).toBeVisible();
    await dialog
      .locator('.pagefind-ui__result-link', { hasText: 'Image Object Detection API reference' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/docs\/image-object-detection(#.*)?$/);
  });

  test('serves the Markdown versions and llms.txt', async ({ request }) => {
    for (const [path, text] of [
      ['/docs.md', '# Vision Authenticity API'],
      [`${REF}.md`, '# Image Object Detection API reference'],
      ['/llms.txt', '# Optiq'],
      ['/llms-full.txt', '### POST /api/v1/detect'],
    ] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).toContain(text);
    }
  });

  test('no serious or critical axe violations on a reference page, with Try it open', async ({ page }) => {
    await page.goto(REF);
    await page.locator('[data-try-it] summary').first().click();
    // The page itself is checked in pages.spec.ts; here what opening Try it revealed.
    expect(await blockingViolations(page, '[data-try-it]')).toEqual([]);
  });
});
