import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

// One embedding pass and an index query per search; the model may still be loading on the first.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.describe('similar images demo', () => {
  test('a cropped sample finds its gallery original first, flagged, with its credit, and the filters apply', async ({
    page,
  }) => {
    await page.goto('/demo/similar-images');
    await hydrated(page, 'SimilarDemo');
    await page.locator('[data-sample-id="similar-colosseum-crop"]').click();
    await page.getByRole('button', { name: 'Find Similar Images' }).click();
    await expect(page.getByRole('button', { name: 'Searching...' })).toBeVisible();
    await expect(toast(page, 'Search Complete!')).toBeVisible({ timeout: 90_000 });
    const matches = page.getByRole('list', { name: 'Similar images' }).getByTestId('similar-match');
    await expect(matches.first()).toContainText('Colosseum');
    await expect(matches.first()).toContainText(/\d+% similar/);
    await expect(matches.first().getByRole('img')).toHaveAttribute('src', /\/gallery\/arch-colosseum\.jpg$/);
    await expect(matches.first()).toContainText(/Public Domain|CC/i);
    await expect(page.locator('pre').filter({ hasText: '"similar_images"' })).toContainText(
      '"near_duplicate"',
    );

    // Only food, at the strictest threshold: the Colosseum is gone.
    await page.getByLabel('Category filter').selectOption('food');
    await page.getByLabel('Similarity threshold').fill('0.95');
    await page.getByRole('button', { name: 'Find Similar Images' }).click();
    await expect(page.locator('pre').filter({ hasText: '"similar_images"' })).toContainText(
      '"category": "food"',
      { timeout: 90_000 },
    );
    await expect(page.getByRole('list', { name: 'Similar images' }).getByText('Colosseum')).toHaveCount(0);
  });

  test('an uploaded copy is found too, and a failure says Failed to search for similar images', async ({
    page,
  }) => {
    await page.goto('/demo/similar-images');
    await hydrated(page, 'SimilarDemo');
    await page.getByTestId('image-upload').setInputFiles('public/images/samples/similar-windmill-mirror.jpg');
    await page.getByRole('button', { name: 'Find Similar Images' }).click();
    await expect(toast(page, 'Search Complete!')).toBeVisible({ timeout: 90_000 });
    await expect(
      page.getByRole('list', { name: 'Similar images' }).getByTestId('similar-match').first(),
    ).toContainText('Near duplicate');

    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('http://10.0.0.1/photo.jpg');
    await page.getByRole('button', { name: 'Find Similar Images' }).click();
    await expect(toast(page, 'Failed to search for similar images')).toBeVisible({ timeout: 60_000 });
  });
});
