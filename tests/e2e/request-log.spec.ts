import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

/**
 * The dashboard's request log and usage alerts on the real server, at a desktop and a phone
 * width: calls made with a key show in the log, filter by status, open to their bodies, and
 * "Copy as curl" gives a command that runs; an alert threshold is saved, refused when out of
 * range, and fires with the next call.
 */

const SAMPLE = '/images/samples/od-coffee-cup.jpg';
const run = promisify(execFile);

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`request log and usage alerts at ${name} width`, async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tag = uniqueTag('rl')
      .replace(/[^a-zA-Z0-9_.-]/g, '')
      .slice(0, 28);
    const signup = await page.request.post('/api/account/signup', {
      data: { username: tag, email: `${tag}@example.com`, password: 'a long test password 1' },
    });
    expect(signup.status()).toBe(201);
    const created = await page.request.post('/api/account/keys', { data: { name: 'logkey' } });
    const { key } = (await created.json()) as { key: string };
    expect(
      (
        await page.request.post('/api/subscriptions', {
          data: { api_id: 'image-object-detection', tier: 'standard' },
        })
      ).status(),
    ).toBe(201);

    // Two calls with the key from outside the browser (no cookies): one analysed, one refused as invalid.
    const call = (data: unknown) =>
      request.post('/api/v1/detect', { headers: { Authorization: `Bearer ${key}` }, data });
    expect((await call({ image_urls: [`${baseURL}${SAMPLE}`] })).status()).toBe(200);
    expect((await call({ image_urls: [] })).status()).toBe(400);

    await page.goto('/dashboard');
    await hydrated(page, 'Dashboard');
    const panel = page.getByTestId('request-log-panel');
    await hydrated(page, 'AccountActivity', panel);
    const rows = panel.getByTestId('request-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByTestId('request-status')).toHaveText('400');
    await expect(rows.nth(1)).toContainText('POST /api/v1/detect');
    await expect(rows.nth(1)).toContainText('logkey');

    // Filter by status class.
    await panel.getByLabel('Status').selectOption('2xx');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('request-status')).toHaveText('200');

    // Open the call: its bodies, and a curl command that runs with the key from the environment.
    const toggle = rows.first().getByRole('button', { expanded: false });
    await toggle.click();
    await expect(rows.first().getByRole('button', { expanded: true })).toBeVisible();
    await expect(rows.first().getByTestId('request-body')).toContainText(SAMPLE);
    await expect(rows.first().getByTestId('response-body')).toContainText('"usage"');
    const visible = (await rows.first().getByTestId('curl-command').textContent()) ?? '';
    expect(visible).toContain('$OPTIQ_API_KEY');
    expect(visible).not.toContain(key);
    await rows.first().getByRole('button', { name: 'Copy as curl' }).click();
    await expect(rows.first().getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(visible);
    const { stdout } = await run('bash', ['-c', `${copied} --silent --show-error`], {
      env: { ...process.env, OPTIQ_API_KEY: key },
    });
    expect(JSON.parse(stdout)).toMatchObject({ usage: { images: 1 } });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);

    // Usage alerts: a threshold out of range is refused under its field; one in range is saved.
    const alerts = page.getByTestId('alerts-panel');
    await alerts.scrollIntoViewIfNeeded();
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    const threshold = alerts.getByLabel('Percent (1-100)');
    await threshold.fill('150');
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    await expect(alerts.getByText('A quota share must be 1 to 100 %')).toBeVisible();
    await expect(threshold).toBeFocused();
    await threshold.fill('80');
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    const second = alerts.getByTestId('alert-rule').nth(1);
    await second.getByLabel('Alert when').selectOption('images');
    await second.getByLabel('API').selectOption('');
    await second.getByLabel('Images').fill('3');
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    await expect(alerts.getByTestId('alerts-saved')).toBeVisible();
    await expect(page.getByTestId('activity-announcer')).toContainText('Usage alerts saved');

    // The next analysed image is the account's third: the images alert fires.
    expect((await call({ image_urls: [`${baseURL}${SAMPLE}`] })).status()).toBe(200);
    await page.reload();
    const saved = page.getByTestId('alerts-panel');
    await hydrated(page, 'AccountActivity', saved);
    await expect(saved.getByTestId('alert-rule')).toHaveCount(2);
    await expect(saved.getByLabel('Percent (1-100)')).toHaveValue('80');
    await expect(saved.getByTestId('fired-alerts')).toContainText('3 images a month across your APIs');
    const overflowAfter = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowAfter, 'horizontal overflow in px').toBeLessThanOrEqual(0);
  });
}
