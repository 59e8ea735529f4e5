import { expect, test } from '@playwright/test';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

/**
 * A virtual inspection on the real server, at a desktop and a phone width: started with an API
 * key, analysed by the server's queue worker, then read by its owner on the printable report page
 * (flags linked to the photos behind them, print styles, JSON download), while another account
 * gets "not found"; and the sample report on /virtual-inspection.
 */

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`inspection report at ${name} width`, async ({ page, request, baseURL, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const tag = uniqueTag('in')
      .replace(/[^a-zA-Z0-9_.-]/g, '')
      .slice(0, 28);
    const signup = await page.request.post('/api/account/signup', {
      data: { username: tag, email: `${tag}@example.com`, password: 'a long test password 1' },
    });
    expect(signup.status()).toBe(201);
    const { key } = (await (
      await page.request.post('/api/account/keys', { data: { name: 'inspect' } })
    ).json()) as {
      key: string;
    };
    const photo = (n: string) => `${baseURL}/images/samples/${n}`;
    const started = await request.post('/api/v1/inspections', {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        image_urls: [
          photo('od-sitting-room.jpg'),
          photo('inspect-sitting-room-copy.jpg'),
          photo('validation-iptc-ai.jpg'),
        ],
        checklist: { rooms: { kitchen: 1 } },
        property_ref: `Flat ${tag}`,
      },
    });
    expect(started.status()).toBe(201);
    const { inspection_id: id } = (await started.json()) as { inspection_id: string };

    await page.goto(`/dashboard/inspections/${id}`);
    await hydrated(page, 'InspectionReportPage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Flat ${tag}`);
    // The page follows the inspection until the report is ready.
    const flags = page.getByTestId('inspection-flags');
    await expect(flags).toBeVisible({ timeout: 90_000 });
    await expect(flags).toContainText('1 photo looks AI-generated');
    await expect(flags).toContainText('2 photos look re-used');
    await expect(flags).toContainText('Kitchen missing');
    await expect(page.getByTestId('inspection-not-assessed')).toContainText(
      'does not grade condition, damage',
    );
    await expect(page.getByTestId('inspection-photo')).toHaveCount(3);

    // A flag's evidence link leads to its photo.
    const aiFlag = flags.getByRole('listitem').filter({ hasText: 'AI-generated' });
    await aiFlag.getByRole('link', { name: 'photo 3' }).click();
    await expect(page).toHaveURL(new RegExp(`#photo-3$`));
    const third = page.locator('#photo-3');
    await expect(third).toBeInViewport();
    await expect(third).toContainText('AI-generated');
    await expect(third.getByRole('img')).toHaveAttribute('src', photo('validation-iptc-ai.jpg'));

    // Nothing spills sideways at a phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // JSON download: the inspection body as the API gives it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`inspection-${id}.json`);
    const saved = JSON.parse(
      await new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (c: Buffer) => (text += c.toString()));
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        });
      }),
    ) as { inspection_id: string; report: { photos: unknown[] } };
    expect(saved.inspection_id).toBe(id);
    expect(saved.report.photos).toHaveLength(3);

    // Printed: the controls and the site's chrome stay off the paper.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByTestId('inspection-flags')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // Another account's session finds nothing at that address.
    const other = await browser.newContext({ viewport: { width, height } });
    try {
      const stranger = await other.newPage();
      const otherTag = `${tag}x`.slice(0, 28);
      expect(
        (
          await stranger.request.post('/api/account/signup', {
            data: {
              username: otherTag,
              email: `${otherTag}@example.com`,
              password: 'a long test password 1',
            },
          })
        ).status(),
      ).toBe(201);
      await stranger.goto(`/dashboard/inspections/${id}`);
      await expect(stranger.getByRole('alert')).toContainText(
        'No inspection with this id belongs to your account',
      );
    } finally {
      await other.close();
    }

    // The marketing page's sample report is the stored real one, linked to the API reference.
    await page.goto('/virtual-inspection');
    const sample = page.getByTestId('sample-report');
    await sample.scrollIntoViewIfNeeded();
    await expect(sample.getByTestId('inspection-flags')).toContainText('1 photo looks AI-generated');
    await expect(sample.getByTestId('inspection-photo')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Virtual Inspection API reference' })).toHaveAttribute(
      'href',
      '/docs/virtual-inspection',
    );
  });
}
