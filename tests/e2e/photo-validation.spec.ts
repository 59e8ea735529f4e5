import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

// Real analysis of real files; one run at a time per worker on these machines.
test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function open(page: Page) {
  await page.goto('/demo/photo-validation');
  await hydrated(page, 'ValidationDemo');
}

test.describe('photo-validation demo', () => {
  test('a sample with generator parameters is flagged AI-generated, with every layer shown', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: /PNG with generator parameters/ }).click();
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(page.getByRole('button', { name: 'Validating...' })).toBeDisabled();
    await expect(page.getByTestId('verdict')).toHaveText('AI-generated', { timeout: 60_000 });
    await expect(toast(page, 'Suspicious Content Detected')).toBeVisible();
    const layers = page.getByTestId('evidence-layers');
    await expect(
      layers.getByText('AUTOMATIC1111 / Forge parameters in PNG chunk “parameters”'),
    ).toBeVisible();
    await expect(layers.getByRole('region', { name: /Signed provenance/ })).toContainText(
      'No Content Credentials',
    );
    await expect(page.getByTestId('ela-heatmap')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'API Response' }).locator('..').locator('..'),
    ).toContainText('"verdict": "ai_generated"');
  });

  test('an uploaded photo with pasted camera EXIF is only declared camera metadata, with its pixel signal below the threshold', async ({
    page,
  }) => {
    await open(page);
    await page.getByTestId('image-upload').setInputFiles('tests/fixtures/authenticity/camera-exif.jpg');
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(page.getByTestId('verdict')).toHaveText('Declared camera metadata', { timeout: 60_000 });
    await expect(page.getByRole('meter', { name: 'Pixel AI signal' })).toBeVisible();
    await expect(page.getByTestId('pixel-signal')).toContainText('below the threshold');
    await expect(toast(page, 'Validation Complete')).toBeVisible();
    await expect(page.getByTestId('evidence-layers')).toContainText('Camera: Canon Canon EOS R6');
  });

  test('the Stable Diffusion watermark sample decodes to its payload', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: /Stable Diffusion watermark/ }).click();
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(page.getByTestId('verdict')).toHaveText('AI-generated', { timeout: 60_000 });
    await expect(page.getByTestId('evidence-layers')).toContainText('reads “StableDiffusionV1”');
  });

  test('the C2PA sample shows its signed credentials: intact, test signer, AI source type', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: /Image with C2PA credentials/ }).click();
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(page.getByTestId('verdict')).toHaveText('AI-generated', { timeout: 60_000 });
    const c2pa = page.getByTestId('evidence-layers').getByRole('region', { name: /Signed provenance/ });
    await expect(c2pa).toContainText(
      'intact, signer not on a trust list, signed by Optiq C2PA Test Signer; source type trainedAlgorithmicMedia',
    );
    await expect(c2pa).toContainText('Claim generator: Optiq sample maker 1.0');
    await expect(c2pa).toContainText('Actions: c2pa.created (ExampleGen)');
  });

  test('no image gives the documented message; a failed run says so', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(toast(page, 'Please enter an image URL')).toBeVisible();
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('http://127.0.0.1:9/nothing.jpg');
    await page.getByRole('button', { name: 'Validate Photo' }).click();
    await expect(toast(page, 'Failed to validate photo')).toBeVisible({ timeout: 60_000 });
  });
});
