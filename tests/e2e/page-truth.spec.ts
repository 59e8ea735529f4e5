import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

/**
 * What a visitor reads matches what the product does: the demos that run real analysis do not
 * say it is coming, the docs' quick start sends the call it names and shows the answer it reads,
 * every reference page lists its quotas, the catalogue's sample says what it sends, and the demo
 * toasts count and name what the results panel shows.
 */
test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string | RegExp) =>
  page.getByText(text, { exact: typeof text === 'string' }).first();

test('no demo says live analysis is coming: they all run it', async ({ page }) => {
  for (const path of ['/demo', '/demo/photo-validation', '/demo/watermark-detection']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toContainText(/coming soon/i);
  }
});

test('the docs quick start sends POST /api/predict to a real sample and reads the verdict from its answer', async ({
  page,
  request,
}) => {
  await page.goto('/docs');
  const step3 = page.locator('li.docs-step').filter({ has: page.locator('#first-request') });
  await expect(step3).toContainText('Send a public image URL to POST /api/predict');
  const curl = step3.locator('pre').filter({ hasText: 'curl' }).first();
  await expect(curl).toContainText('/api/predict');
  await expect(curl).not.toContainText('predict_batch');
  const url = /https?:\/\/[^'"\s]+\/images\/samples\/[^'"\s]+/.exec((await curl.textContent()) ?? '')?.[0];
  expect(url, 'the quick start names a sample image').toBeTruthy();
  expect((await request.get(new URL(url!).pathname)).status()).toBe(200);

  const step4 = page.locator('li.docs-step').filter({ has: page.locator('#read-the-verdict') });
  const answer = step4.locator('pre').first();
  await expect(answer).toContainText('"is_real"');
  await expect(answer).toContainText('"fail_tags"');
  await expect(answer).not.toContainText('"job_status"');
});

test('every reference page fills its quotas and rate-limits tables', async ({ page }) => {
  for (const api of [
    'image-object-detection',
    'image-classification',
    'image-captioning',
    'similar-image-search',
    'photo-authenticity',
    'watermark-detection',
  ]) {
    await page.goto(`/docs/${api}`);
    const section = page.locator('section[aria-labelledby="quotas"]');
    const plans = section.getByRole('region', { name: /^Plans and monthly quotas/ }).locator('tbody tr');
    // The Free tier first, then the paid plans from pay per use up.
    await expect(plans.first(), api).toContainText('Free tier');
    await expect(plans.nth(1), api).toContainText('Pay per use');
    await expect(
      section
        .getByRole('region', { name: /^Rate limits per key/ })
        .locator('tbody tr')
        .first(),
      api,
    ).toContainText(/\d+ requests a minute/);
  }
});

test('the catalogue says what its quick-integration sample sends', async ({ page }) => {
  await page.goto('/apis');
  const lead = page.getByText(/^Check 2 photos/);
  await expect(lead).toContainText('a cup of coffee and a dog beside a bicycle');
  await expect(page.locator('main')).not.toContainText('kitchen photo');
  const curl = lead.locator('xpath=following-sibling::*').locator('pre').first();
  await expect(curl).toContainText('od-coffee-cup.jpg');
  await expect(curl).toContainText('od-dog-bicycle.jpg');
});

test('an edited photo gets a toast that names the evidence once', async ({ page }) => {
  await page.goto('/demo/photo-validation');
  await hydrated(page, 'ValidationDemo');
  await page.getByRole('button', { name: /Edited in Photoshop/ }).click();
  await page.getByRole('button', { name: 'Validate Photo' }).click();
  await expect(page.getByTestId('verdict')).toHaveText('Edited', { timeout: 60_000 });
  await expect(
    toast(page, 'The rules found evidence of editing; each finding is listed with its reason.'),
  ).toBeVisible();
  await expect(page.getByText('Edited: edited.')).toHaveCount(0);
});

test('the corner wordmark is one mark: one box, one label, and the toast counts it once', async ({
  page,
}) => {
  await page.goto('/demo/watermark-detection');
  await hydrated(page, 'WatermarkDemo');
  await page.locator('[data-sample-id="wm-corner-wordmark"]').click();
  await page.getByRole('button', { name: 'Detect Watermarks' }).click();
  await expect(toast(page, 'Watermarks Found')).toBeVisible({ timeout: 90_000 });
  await expect(toast(page, /^1 visible mark( \([^)]+\))? in \d+\.\d\ds$/)).toBeVisible();
  await expect(page.getByTestId('detection-boxes').locator('text')).toHaveCount(1);
});
