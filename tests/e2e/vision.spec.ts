import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_DIR, startTestImageServer, type TestImageServer } from '../../src/server/vision/test-image-server';
import { isolateClient } from './contact-helpers';
import { hydrated } from './hydration';

// Real detection on real photos takes a moment on these machines; one run at a time per worker.
test.describe.configure({ timeout: 90_000 });

let images: TestImageServer;
test.beforeAll(async () => {
  images = await startTestImageServer();
});
test.afterAll(async () => {
  await images.close();
});
test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function setObjects(page: Page, value: string) {
  const field = page.getByLabel('Objects to find');
  await field.fill(value);
}

test.describe('object-detection demo', () => {
  test('an uploaded photo comes back with labelled boxes and the JSON response', async ({ page }) => {
    await page.goto('/demo/object-detection');
    await hydrated(page, 'ObjectDetectionDemo');
    await page.getByTestId('image-upload').setInputFiles(join(FIXTURE_DIR, 'dog.jpg'));
    await expect(page.getByText('Using dog.jpg')).toBeVisible();
    await setObjects(page, 'dog, bicycle, car, toilet');
    await page.getByRole('button', { name: 'Analyze Image' }).click();

    const boxes = page.getByTestId('detection-boxes');
    await expect(boxes).toBeVisible({ timeout: 60_000 });
    await expect(boxes.locator('[data-object="dog"]')).toHaveCount(1);
    await expect(boxes.locator('[data-object="bicycle"]')).toHaveCount(1);
    await expect(boxes.locator('[data-object="dog"] text')).toHaveText(/^dog \d+%$/);
    await expect(toast(page, 'AI Analysis Complete!')).toBeVisible();

    const results = page.getByRole('list', { name: 'Objects found' });
    await expect(results).toContainText(/dog/i);
    await expect(page.getByText(/Not found:.*toilet/i)).toBeVisible();
    // The response panel shows the server's real answer, naming the model.
    const response = page.locator('pre').filter({ hasText: '"objects_found"' });
    await expect(response).toContainText('"analysis_method"');
    await expect(response).toContainText('"bounding_box"');
  });

  test('a sample image is marked Selected and analysed', async ({ page }) => {
    await page.goto('/demo/object-detection');
    await hydrated(page, 'ObjectDetectionDemo');
    const sample = page.locator('[data-sample-id]').first();
    await sample.click();
    await expect(sample).toHaveAttribute('aria-pressed', 'true');
    await expect(sample.getByText('Selected')).toBeVisible();
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    await expect(toast(page, 'AI Analysis Complete!')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('detection-boxes')).toBeVisible();
  });

  test('an image URL is fetched by the server and analysed', async ({ page }) => {
    await page.goto('/demo/object-detection');
    await hydrated(page, 'ObjectDetectionDemo');
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill(`${images.origin}/images/horses.jpg`);
    await setObjects(page, 'horse');
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    const boxes = page.getByTestId('detection-boxes');
    await expect(boxes).toBeVisible({ timeout: 60_000 });
    expect(await boxes.locator('[data-object="horse"]').count()).toBeGreaterThanOrEqual(2);
  });

  test('missing input gets the documented messages, and a non-image URL a clear error', async ({ page }) => {
    await page.goto('/demo/object-detection');
    await hydrated(page, 'ObjectDetectionDemo');
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    await expect(toast(page, 'Please enter an image URL')).toBeVisible();

    await page.getByRole('textbox', { name: 'Image URL' }).fill(`${images.origin}/images/dog.jpg`);
    await setObjects(page, ' , ,');
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    await expect(toast(page, 'Please specify objects to find')).toBeVisible();

    await page.getByRole('textbox', { name: 'Image URL' }).fill(`${images.origin}/html`);
    await setObjects(page, 'dog');
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    await expect(toast(page, 'Analysis Failed')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('live tester', () => {
  const tester = (page: Page) => page.locator('#live-tester');

  test('tests real image URLs and lists each answer, with a per-image error', async ({ page }) => {
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await hydrated(page, 'LiveTester', t);
    await t.getByLabel('Image URLs').fill(
      [`${images.origin}/images/dog.jpg`, '', `${images.origin}/images/coffee.jpg`, `${images.origin}/html`, ''].join('\n'),
    );
    await t.getByLabel('Mode').selectOption('superset');
    await t.getByLabel('Category').selectOption('kitchen');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/detect'));
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(t.getByRole('button', { name: 'Testing...' })).toBeVisible();
    const body = (await sent).postDataJSON() as { image_urls: string[]; mode: string; category?: string };
    expect(body.image_urls).toHaveLength(3);
    expect(body).toMatchObject({ mode: 'superset', category: 'kitchen' });

    await expect(toast(page, 'API test completed successfully')).toBeVisible({ timeout: 60_000 });
    const rows = t.locator('[data-result-row]');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: `${images.origin}/html` })).toContainText('Error:');
    await expect(rows.filter({ hasText: 'superset' })).toContainText('Found:');
    await expect(t.getByText(/Category\s+kitchen/)).toBeVisible();
  });

  test('auto sends no category and reports the inferred room', async ({ page }) => {
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await hydrated(page, 'LiveTester', t);
    await t.getByLabel('Image URLs').fill(`${images.origin}/images/coffee.jpg`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/detect'));
    await t.getByRole('button', { name: 'Test API' }).click();
    expect((await sent).postDataJSON()).not.toHaveProperty('category');
    await expect(t.getByText('(inferred from the images)')).toBeVisible({ timeout: 60_000 });
  });

  test('refuses no URLs and more than 20 with the documented messages', async ({ page }) => {
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await hydrated(page, 'LiveTester', t);
    await t.getByLabel('Image URLs').fill('\n  \n');
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(toast(page, 'Please provide at least one image URL')).toBeVisible();
    await t.getByLabel('Image URLs').fill(Array.from({ length: 21 }, (_, i) => `${images.origin}/images/dog.jpg?${i}`).join('\n'));
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(toast(page, 'Maximum 20 image URLs allowed')).toBeVisible();
  });
});
