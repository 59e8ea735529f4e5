import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

// A pass plus text reading on real photos takes a few seconds on these machines.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.describe('image captioning demo', () => {
  test('a sample gets a real caption in the chosen style and length', async ({ page }) => {
    await page.goto('/demo/image-captioning');
    await hydrated(page, 'CaptionDemo');
    await expect(page.getByText('Preview: live analysis coming soon')).toHaveCount(0);
    await page.locator('[data-sample-id="cat-chelsea"]').click();
    await page.getByLabel('Caption style').selectOption('technical');
    await page.getByLabel('Caption length').selectOption('short');
    const request = page.locator('pre').filter({ hasText: '"max_length"' });
    await expect(request).toContainText('"style": "technical"');
    await expect(request).toContainText('"max_length": 50');
    await page.getByRole('button', { name: 'Generate Caption' }).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeVisible();
    await expect(toast(page, 'Caption Generated!')).toBeVisible({ timeout: 90_000 });
    const caption = page.getByTestId('caption-text');
    await expect(caption).toContainText('Scene:');
    await expect(caption).toContainText(/cat/);
    const words = ((await caption.textContent()) ?? '').trim().split(/\s+/).length;
    expect(words).toBeLessThanOrEqual(50);
    await expect(page.locator('pre').filter({ hasText: '"analysis_method"' })).toContainText(
      'composed from detected content',
    );
  });

  test('an uploaded photo (drag-and-drop input) is captioned', async ({ page }) => {
    await page.goto('/demo/image-captioning');
    await hydrated(page, 'CaptionDemo');
    await page.getByTestId('image-upload').setInputFiles('public/images/samples/od-horses.jpg');
    await page.getByLabel('Caption style').selectOption('emotional');
    await page.getByRole('button', { name: 'Generate Caption' }).click();
    await expect(toast(page, 'Caption Generated!')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('caption-text')).toContainText(/horses/);
  });

  test('an image that cannot be analysed says Failed to generate caption', async ({ page }) => {
    await page.goto('/demo/image-captioning');
    await hydrated(page, 'CaptionDemo');
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('http://10.0.0.1/photo.jpg');
    await page.getByRole('button', { name: 'Generate Caption' }).click();
    await expect(toast(page, 'Failed to generate caption')).toBeVisible({ timeout: 60_000 });
  });
});

test.describe('image classification live tester', () => {
  test('classifies a sample photo by room type on the keyless demo endpoint', async ({ page, baseURL }) => {
    await page.goto('/api/image-classification');
    const tester = page.locator('#live-tester');
    await tester.scrollIntoViewIfNeeded();
    await expect(tester.locator('form[data-hydrated]')).toBeVisible();
    await tester.getByRole('tab', { name: 'Image URL' }).click();
    await tester
      .getByRole('textbox', { name: 'Image URL' })
      .fill(`${baseURL}/images/samples/od-coffee-cup.jpg`);
    await tester.getByLabel('Labels to return (top_k)').selectOption('5');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/image-classification'));
    await tester.getByRole('button', { name: 'Test API' }).click();
    expect((await answered).status()).toBe(200);
    await expect(toast(page, 'API test completed successfully')).toBeVisible({ timeout: 60_000 });
    await expect(tester.locator('[data-result-row]')).toHaveCount(5);
    await expect(tester).toContainText('Taxonomy room_type');
  });

  test('asks for an image URL before calling', async ({ page }) => {
    await page.goto('/api/image-classification');
    const tester = page.locator('#live-tester');
    await tester.scrollIntoViewIfNeeded();
    await expect(tester.locator('form[data-hydrated]')).toBeVisible();
    await tester.getByRole('button', { name: 'Test API' }).click();
    await expect(toast(page, 'Please provide an image URL')).toBeVisible();
  });
});
