/**
 * Runs against a second local server started exactly like `npm start`: without
 * VISION_ALLOW_PRIVATE_URLS, so loopback URLs are refused as in production. Every sample of the
 * object-detection demo must still be analysed: the site's own sample images are read from the
 * bundle, never fetched over HTTP.
 */
import { expect, test } from '@playwright/test';
import { OD_SAMPLES } from '../../src/islands/object-detection/object-detection';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

test('every object-detection sample is analysed on a server without the loopback opt-in', async ({
  page,
}) => {
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

test('each object-detection sample starts with the objects it shows and finds them all', async ({ page }) => {
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  const field = page.getByLabel('Objects to find');
  for (const sample of OD_SAMPLES) {
    await page.locator(`[data-sample-id="${sample.id}"]`).click();
    await expect(field).toHaveValue(sample.objects);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/object-detection'));
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    const body = (await (await answered).json()) as {
      objects_found: { object: string }[];
      objects_not_found: string[];
    };
    expect(body.objects_not_found, sample.id).toEqual([]);
    expect(body.objects_found.length, sample.id).toBeGreaterThan(0);
    await expect(
      page.getByText(new RegExp(`^Found ${body.objects_found.length} objects? in`)).first(),
    ).toBeVisible();
  }
  // What the visitor types stays with that image.
  await page.locator('[data-sample-id="od-horses"]').click();
  await field.fill('horse, dog');
  await page.locator('[data-sample-id="od-astronaut"]').click();
  await expect(field).toHaveValue('person');
  await page.locator('[data-sample-id="od-horses"]').click();
  await expect(field).toHaveValue('horse, dog');
});

test('"Everything it can see" lists every class found, keyboard operable', async ({ page }) => {
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  await page.locator('[data-sample-id="od-dog-bicycle"]').click();
  const toggle = page.getByRole('switch', { name: 'Everything it can see' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Objects to find')).toBeDisabled();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/demo/object-detection'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/object-detection'));
  await page.getByRole('button', { name: 'Analyze Image' }).click();
  expect(((await sent).postDataJSON() as { objects_to_find: string }).objects_to_find).toBe('*');
  const body = (await (await answered).json()) as { objects_found: { object: string }[] };
  const names = new Set(body.objects_found.map((o) => o.object));
  for (const seen of ['dog', 'bicycle', 'car']) expect(names.has(seen), [...names].join(', ')).toBe(true);
  await expect(page.getByRole('list', { name: 'Objects found' })).toContainText('bicycle');
});
