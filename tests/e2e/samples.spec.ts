/**
 * Runs against a second local server started exactly like `npm start`: without
 * VISION_ALLOW_PRIVATE_URLS, so loopback URLs are refused as in production. Every sample of the
 * object-detection demo must still be analysed: the site's own sample images are read from the
 * bundle, never fetched over HTTP.
 */
import { expect, test } from '@playwright/test';
import { OD_SAMPLES } from '../../src/islands/object-detection/object-detection';
import { isolateClient } from './contact-helpers';
import { hydrated } from './hydration';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

test('every object-detection sample is analysed on a server without the loopback opt-in', async ({ page }) => {
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  await page.getByLabel('Objects to find').fill('person, dog, bicycle, car, horse, cup, dining_table, chair');
  for (const sample of OD_SAMPLES) {
    const card = page.locator(`[data-sample-id="${sample.id}"]`);
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/object-detection'));
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    const res = await answered;
    expect(res.status(), `${sample.id}: ${await res.text()}`).toBe(200);
    const body = (await res.json()) as { image_width: number; objects_found: unknown[] };
    expect(body.image_width, sample.id).toBe(sample.width);
    await expect(page.getByText('AI Analysis Complete!', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/is not allowed/)).toHaveCount(0);
    if (body.objects_found.length > 0) await expect(page.getByTestId('detection-boxes')).toBeVisible();
  }
});

test('a loopback URL typed by a visitor is still refused', async ({ page }) => {
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  await page.getByRole('tab', { name: 'Image URL' }).click();
  await page.getByRole('textbox', { name: 'Image URL' }).fill('http://127.0.0.1:9/private.jpg');
  await page.getByRole('button', { name: 'Analyze Image' }).click();
  await expect(page.getByText(/not allowed/i).first()).toBeVisible({ timeout: 30_000 });
});
