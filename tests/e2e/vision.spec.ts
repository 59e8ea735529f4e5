import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURE_DIR, startTestImageServer, type TestImageServer } from '../support/test-image-server';
import { testerFor } from '../../src/islands/live-tester/testers';
import { isolateClient } from '../support/e2e/contact-helpers';
import { holdIsland, hydrated } from '../support/e2e/hydration';

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
    await t
      .getByLabel('Image URLs')
      .fill(
        [
          `${images.origin}/images/dog.jpg`,
          '',
          `${images.origin}/images/coffee.jpg`,
          `${images.origin}/html`,
          '',
        ].join('\n'),
      );
    await t.getByLabel('Mode').selectOption('superset');
    await t.getByLabel('Category').selectOption('kitchen');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/demo/detect'));
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
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/demo/detect'));
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
    await t
      .getByLabel('Image URLs')
      .fill(Array.from({ length: 21 }, (_, i) => `${images.origin}/images/dog.jpg?${i}`).join('\n'));
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(toast(page, 'Maximum 20 image URLs allowed')).toBeVisible();
  });
});

test.describe('live tester truth', () => {
  const tester = (page: Page) => page.locator('#live-tester');

  test('each API page tests that API, or shows no tester', async ({ page }) => {
    const apis = (await (await page.request.get('/api/apis')).json()) as
      { id: string; status: string }[] | { items: { id: string; status: string }[] };
    const list = Array.isArray(apis) ? apis : apis.items;
    for (const api of list.filter((a) => a.status === 'active')) {
      await page.goto(`/api/${api.id}`);
      // Every tester takes its image from the demos' picker: here the first of the site's samples.
      const spec = testerFor(api.id);
      if (!spec) {
        await expect(tester(page), api.id).toHaveCount(0);
        continue;
      }
      const t = tester(page);
      await hydrated(page, 'LiveTester', t);
      await t.locator('[data-sample-id]').first().click();
      const sent = page.waitForRequest((r) => r.method() === 'POST');
      await t.getByRole('button', { name: 'Test API' }).click();
      expect(new URL((await sent).url()).pathname, api.id).toBe(spec.demoPath);
    }
  });

  test('when no image could be analysed it shows the error, not success', async ({ page }) => {
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await hydrated(page, 'LiveTester', t);
    await t
      .getByLabel('Image URLs')
      .fill([`${images.origin}/html`, `${images.origin}/images/no-such-image.jpg`].join('\n'));
    await t.getByRole('button', { name: 'Test API' }).click();
    const error = page.locator('[data-variant="destructive"]').filter({ hasText: 'Error' });
    await expect(error.first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('API test completed successfully')).toHaveCount(0);
    await expect(t.locator('[data-result-row]')).toHaveCount(2);
    await expect(t.locator('[data-result-row]').first()).toContainText('Error:');
  });

  test("shows the server's 422 NO_IMAGE_ANALYSED message and its per-image errors", async ({ page }) => {
    await page.route('**/api/demo/detect', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'NO_IMAGE_ANALYSED',
            message: 'None of the images could be analysed',
            details: {
              results: [
                {
                  image_url: 'https://img.example/a.jpg',
                  error: { code: 'FETCH_FAILED', message: 'The image could not be fetched' },
                },
              ],
            },
          },
          request_id: 'req-1',
        }),
      }),
    );
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await hydrated(page, 'LiveTester', t);
    await t.getByLabel('Image URLs').fill('https://img.example/a.jpg');
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(
      page
        .locator('[data-variant="destructive"]')
        .filter({ hasText: 'None of the images could be analysed' }),
    ).toBeVisible();
    await expect(page.getByText('API test completed successfully')).toHaveCount(0);
    await expect(t.locator('[data-result-row]')).toContainText('The image could not be fetched');
  });

  test('a click before the tester hydrated neither reloads the page nor loses the input', async ({
    page,
  }) => {
    const { release } = await holdIsland(page, 'LiveTester');
    await page.goto('/api/image-object-detection');
    const t = tester(page);
    await t.scrollIntoViewIfNeeded();
    const urls = t.getByLabel('Image URLs');
    await urls.fill(`${images.origin}/images/dog.jpg`);
    await expect(t.getByRole('button', { name: 'Test API' })).toBeDisabled();
    await t.getByRole('button', { name: 'Test API' }).click({ force: true });
    await urls.press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('image_urls');
    expect(new URL(page.url()).search).toBe('');
    await expect(urls).toHaveValue(new RegExp('/images/dog.jpg'));
    release();
    await hydrated(page, 'LiveTester', t);
    await expect(t.getByRole('button', { name: 'Test API' })).toBeEnabled();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  /** Where the top of `el` is, relative to the top of the viewport, in CSS pixels. */
  const topOf = (el: Locator) => el.evaluate((node) => Math.round(node.getBoundingClientRect().top));

  test('the demo scrolls its results into view after a run', async ({ page }) => {
    await page.goto('/demo/object-detection');
    await hydrated(page, 'ObjectDetectionDemo');
    await page.locator('[data-sample-id]').first().click();
    const results = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Results', exact: true }) });
    await expect(results).not.toBeInViewport();
    await page.getByRole('button', { name: 'Analyze Image' }).click();
    await expect(toast(page, 'AI Analysis Complete!')).toBeVisible({ timeout: 60_000 });
    // Scrolled to the results card, just below the sticky header (the page's scroll padding).
    await expect.poll(() => topOf(results)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => topOf(results)).toBeLessThan(120);
  });

  test('the live tester scrolls its results into view after a run', async ({ page }) => {
    await page.goto('/api/image-object-detection');
    const t = page.locator('#live-tester');
    await hydrated(page, 'LiveTester', t);
    await t.getByLabel('Image URLs').fill(`${images.origin}/images/coffee.jpg`);
    const results = t
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Results', exact: true }) });
    await page.locator('#live-tester-heading').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await topOf(results)).toBeGreaterThan(200);
    await t.getByRole('button', { name: 'Test API' }).click();
    await expect(toast(page, 'API test completed successfully')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => topOf(results)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => topOf(results)).toBeLessThan(120);
  });
});

test('every demo shows the API Response panel before the API Request panel', async ({ page }) => {
  for (const demo of [
    'object-detection',
    'image-captioning',
    'similar-images',
    'photo-validation',
    'watermark-detection',
  ]) {
    await page.goto(`/demo/${demo}`);
    await expect(page.getByTestId('api-panels').getByRole('heading'), demo).toHaveText([
      'API Response',
      'API Request',
    ]);
  }
});

test('a click before the object-detection demo hydrated neither reloads the page nor loses the input', async ({
  page,
}) => {
  const { release } = await holdIsland(page, 'ObjectDetectionDemo');
  await page.goto('/demo/object-detection');
  const objects = page.getByLabel('Objects to find');
  await objects.fill('dog, bicycle');
  const run = page.getByRole('button', { name: 'Analyze Image' });
  await expect(run).toBeDisabled();
  await run.click({ force: true });
  await objects.press('Enter');
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('');
  await expect(objects).toHaveValue('dog, bicycle');
  release();
  await hydrated(page, 'ObjectDetectionDemo');
  await expect(run).toBeEnabled();
});
