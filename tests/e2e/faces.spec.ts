import { expect, test, type Page } from '@playwright/test';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

// Four face models on real photos take a few seconds on these machines.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first();

async function analyse(page: Page, sampleId: string): Promise<void> {
  await page.locator(`[data-sample-id="${sampleId}"]`).click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/face-analysis'));
  await page.getByRole('button', { name: 'Analyse Faces' }).click();
  expect((await answered).status()).toBe(200);
}

test.describe('face analysis demo', () => {
  test('at 1280 px: a portrait passes the profile-photo check, a band fails it, boxes and landmarks drawn', async ({
    page,
  }) => {
    await page.goto('/demo/face-analysis');
    await hydrated(page, 'FaceDemo');
    const request = page.locator('pre').filter({ hasText: '"include_mesh"' });
    await expect(request).toContainText('"policy": "profile_photo"');

    await analyse(page, 'astronaut');
    await expect(toast(page, '1 face found')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('face-policy')).toContainText('Profile photo: passed');
    await expect(page.getByTestId('face-policy')).toContainText('Found 1 face, as required.');
    const boxes = page.getByTestId('face-boxes');
    await expect(boxes).toHaveAttribute('aria-label', '1 face found, with boxes and landmarks');
    // One box and five landmarks.
    await expect(boxes.locator('[data-face="1"] circle')).toHaveCount(5);
    await expect(page.locator('pre').filter({ hasText: '"analysis_method"' })).toContainText('BlazeFace');

    await analyse(page, 'face-mariachi');
    await expect(toast(page, /^\d+ faces found$/)).toBeVisible({ timeout: 90_000 });
    const policy = page.getByTestId('face-policy');
    await expect(policy).toContainText('Profile photo: failed');
    await expect(policy).toContainText(/Found \d+ faces; exactly 1 face required\./);
    expect(await page.getByTestId('face-boxes').locator('[data-face]').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('region', { name: 'Face 1' })).toBeVisible();
  });

  test('at 390 px: the turned head fails with its reason, the mesh is drawn, a bad URL says why', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/demo/face-analysis');
    await hydrated(page, 'FaceDemo');
    const mesh = page.getByRole('switch', { name: 'Include the full mesh' });
    await mesh.focus();
    await page.keyboard.press('Space');
    await expect(mesh).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('pre').filter({ hasText: '"include_mesh"' })).toContainText(
      '"include_mesh": true',
    );

    await analyse(page, 'face-cameraman');
    await expect(toast(page, '1 face found')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('face-policy')).toContainText(/turned sideways by \d+ degrees/);
    // 468 mesh points and the five landmarks.
    await expect(page.getByTestId('face-boxes').locator('circle')).toHaveCount(473);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('http://10.0.0.1/photo.jpg');
    await page.getByRole('button', { name: 'Analyse Faces' }).click();
    await expect(toast(page, 'Failed to analyse faces')).toBeVisible({ timeout: 60_000 });
  });
});
