import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

// Real text reading on real photos takes a few seconds on these machines.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.describe('watermark detection demo', () => {
  test('a watermarked sample comes back with a box and the text over each mark', async ({ page }) => {
    await page.goto('/demo/watermark-detection');
    await hydrated(page, 'WatermarkDemo');
    await page.locator('[data-sample-id="coffee-cup-watermarked"]').click();
    await expect(page.getByRole('switch', { name: 'Include invisible watermarks' })).toBeChecked();
    const run = page.getByRole('button', { name: 'Detect Watermarks' });
    await run.click();
    await expect(page.getByRole('button', { name: 'Detecting...' })).toBeVisible();
    await expect(toast(page, 'Watermarks Found')).toBeVisible({ timeout: 90_000 });
    const boxes = page.getByTestId('detection-boxes');
    await expect(boxes.locator('text')).toHaveCount(2);
    await expect(boxes).toContainText(/SAMPLE \d+%/);
    await expect(boxes).toContainText(/stock\.example \d+%/);
    await expect(page.getByRole('list', { name: 'Visible watermarks' })).toContainText('stock.example');
    const response = page.locator('pre').filter({ hasText: '"visible_watermarks"' });
    await expect(response).toContainText('"opacity"');
  });

  test('an uploaded clean photo says No Watermarks', async ({ page }) => {
    await page.goto('/demo/watermark-detection');
    await hydrated(page, 'WatermarkDemo');
    await page.getByTestId('image-upload').setInputFiles('public/images/samples/coffee-cup.jpg');
    await page.getByRole('button', { name: 'Detect Watermarks' }).click();
    await expect(toast(page, 'No Watermarks')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('detection-boxes')).toHaveCount(0);
  });

  test('an image that cannot be analysed says Failed to detect watermarks', async ({ page }) => {
    await page.goto('/demo/watermark-detection');
    await hydrated(page, 'WatermarkDemo');
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('http://10.0.0.1/photo.jpg');
    await page.getByRole('button', { name: 'Detect Watermarks' }).click();
    await expect(toast(page, 'Failed to detect watermarks')).toBeVisible({ timeout: 60_000 });
  });
});
