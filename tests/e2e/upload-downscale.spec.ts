import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { FIXTURE_DIR } from '../support/test-image-server';
import { isolateClient } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

test.describe.configure({ timeout: 120_000 });

/** Netlify's body limit for binary uploads (6 MB of base64). */
const NETLIFY_BINARY_LIMIT = 4.5 * 1024 * 1024;

let bigPhoto: string;
test.beforeAll(async () => {
  // dog.jpg at 4000x3000 with fine grain, so the JPEG is large the way camera photos are.
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  bigPhoto = join(mkdtempSync(join(tmpdir(), 'optiq-upload-')), 'dog-4000x3000.jpg');
  const info = await sharp(join(FIXTURE_DIR, 'dog.jpg'))
    .resize(4000, 3000, { fit: 'fill' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 94, chromaSubsampling: '4:4:4' })
    .toFile(bigPhoto);
  expect(info.size).toBeGreaterThan(NETLIFY_BINARY_LIMIT);
});

test('a large photo is downscaled in the browser, analysed, and boxed in its own pixels', async ({
  page,
  context,
}) => {
  await isolateClient(context);
  // Note the file part of every multipart request the page sends.
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const file = init?.body instanceof FormData ? init.body.get('file') : null;
      if (file instanceof Blob)
        (window as unknown as { sentFile: { size: number; type: string } }).sentFile = {
          size: file.size,
          type: file.type,
        };
      return original(input, init);
    };
  });
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  await page.getByTestId('image-upload').setInputFiles(bigPhoto);
  await page.getByLabel('Objects to find').fill('dog, bicycle');

  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/demo/object-detection') && r.method() === 'POST',
  );
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/demo/object-detection'));
  await page.getByRole('button', { name: 'Analyze Image' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  // What went over the wire, not the picked file: the request's length and its file part.
  const length = Number((await (await sent).allHeaders())['content-length']);
  expect(length).toBeGreaterThan(100_000);
  expect(length).toBeLessThan(NETLIFY_BINARY_LIMIT);
  const uploaded = await page.evaluate(
    () => (window as unknown as { sentFile?: { size: number; type: string } }).sentFile,
  );
  expect(uploaded?.type).toBe('image/jpeg');
  expect(uploaded?.size).toBeLessThan(length);
  const served = (await response.json()) as { image_width: number; image_height: number };
  // The server saw about 2 megapixels, in the photo's proportions.
  expect(served.image_width * served.image_height).toBeLessThanOrEqual(2_000_000);
  expect(served.image_width / served.image_height).toBeCloseTo(4 / 3, 2);

  // Drawn over the preview in the picked file's pixels: the viewBox is the 4000x3000 source.
  const boxes = page.getByTestId('detection-boxes');
  await expect(boxes).toBeVisible({ timeout: 60_000 });
  await expect(boxes).toHaveAttribute('viewBox', '0 0 4000 3000');
  const dog = boxes.locator('[data-object="dog"]');
  await expect(dog).toHaveCount(1);
  // The dog sits in the lower left of the frame, in source pixels.
  const rect = dog.locator('rect').first();
  const x = Number(await rect.getAttribute('x'));
  const y = Number(await rect.getAttribute('y'));
  const w = Number(await rect.getAttribute('width'));
  const h = Number(await rect.getAttribute('height'));
  expect(x + w / 2).toBeLessThan(2000);
  expect(y + h / 2).toBeGreaterThan(1500);
  expect(w).toBeGreaterThan(500);
  await expect(page.getByText(/Image 4000×3000 px/)).toBeVisible();
});
