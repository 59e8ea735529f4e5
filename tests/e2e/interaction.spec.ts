import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { TESTERS } from '../../src/islands/live-tester/testers';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

/**
 * The site's interaction details at both widths (desktop and mobile projects): the signed-in
 * header, the APIs and Demos links, every API page's live tester with a sample and an upload,
 * one image source at a time, focus after a run, and the dashboard's actions on a phone.
 */

const UPLOAD = fileURLToPath(new URL('../../public/images/samples/od-coffee-cup.jpg', import.meta.url));

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

/** Signs a new account up through the API: the session and signed-in hint land in the page's context. */
async function signUp(page: Page): Promise<string> {
  const username = uniqueTag('ui')
    .replace(/[^a-zA-Z0-9_.-]/g, '')
    .slice(0, 28);
  const res = await page.request.post('/api/account/signup', {
    data: { username, email: `${username}@example.com`, password: 'a long test password 1' },
  });
  expect(res.status()).toBe(201);
  return username;
}

/** Opens the phone's menu (a no-op on desktop). */
async function openMenu(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
}

test('the header links to the APIs and the demos beside the spec links', async ({ page, isMobile }) => {
  await page.goto('/');
  await openMenu(page, isMobile);
  const links = isMobile ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Docs', 'Pricing', 'APIs', 'Demos']) {
    await expect(links.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await links.getByRole('link', { name: 'Demos', exact: true }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await openMenu(page, isMobile);
  await expect(links.getByRole('link', { name: 'Demos', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await links.getByRole('link', { name: 'APIs', exact: true }).click();
  await expect(page).toHaveURL(/\/apis$/);
});

test('signed in, the header shows the account menu on every page, and signs out', async ({
  page,
  isMobile,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Signed out: "Sign in", no account menu, and no account call answering 401.
  await page.goto('/');
  await openMenu(page, isMobile);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(errors).toEqual([]);

  await signUp(page);
  for (const path of ['/dashboard', '/']) {
    await page.goto(path);
    if (path === '/dashboard') await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    if (isMobile) {
      await openMenu(page, isMobile);
      const menu = page.locator('#mobile-menu');
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
      await expect(menu.getByRole('link', { name: 'API keys' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
    } else {
      const toggle = page.getByRole('button', { name: 'Account' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('#menu-account');
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
    }
  }
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openMenu(page, isMobile);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await page.request.get('/api/account')).status()).toBe(401);
});

for (const tester of Object.values(TESTERS)) {
  test(`the ${tester.apiId} tester analyses a sample and an upload`, async ({ page, isMobile }) => {
    // On a phone one image API and the detector suffice; the desktop run covers all six.
    test.skip(isMobile && !['image-object-detection', 'image-captioning'].includes(tester.apiId), 'desktop');
    test.setTimeout(120_000);
    await page.goto(`/api/${tester.apiId}`);
    const t = page.locator('#live-tester');
    await hydrated(page, 'LiveTester', t);
    const heading = t.getByTestId('tester-results-heading');
    const run = async () => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/demo/'),
      );
      await t.getByRole('button', { name: 'Test API' }).click();
      expect((await answered).status(), tester.apiId).toBe(200);
      await expect(page.getByText('API test completed successfully').first()).toBeVisible({
        timeout: 60_000,
      });
      await expect(t.locator('[data-result-row]').first()).toBeVisible();
      // Focus lands on the results, not on the page.
      await expect(heading).toBeFocused();
    };

    const sample = t.locator('[data-sample-id]').first();
    await sample.click();
    await expect(sample).toHaveAttribute('aria-pressed', 'true');
    await expect(sample).toContainText('Selected');
    await run();

    // An upload replaces the sample: nothing reads "Selected" any more.
    await t.getByTestId('image-upload').setInputFiles(UPLOAD);
    await expect(t.getByText('Using od-coffee-cup.jpg')).toBeVisible();
    await expect(t.locator('[data-sample-id][aria-pressed="true"]')).toHaveCount(0);
    await expect(t.getByText('Selected', { exact: true })).toHaveCount(0);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/demo/'));
    const runUpload = run();
    expect((await sent).headers()['content-type']).toContain('multipart/form-data');
    await runUpload;
    await expect(t.locator('[data-result-row]').first()).toBeVisible();
  });
}

test('the detection tester offers every room of the model', async ({ page, isMobile }) => {
  test.skip(isMobile, 'a list, not a layout');
  await page.goto('/api/image-object-detection');
  const t = page.locator('#live-tester');
  await hydrated(page, 'LiveTester', t);
  await expect(t.getByLabel('Category').locator('option')).toHaveText([
    'Auto-detect',
    'Bathroom',
    'Kitchen',
    'Bedroom',
    'Living room',
    'Dining room',
    'Office',
  ]);
});

test('a focused control shows a ring that stands out from the card', async ({ page }) => {
  await page.goto('/demo/object-detection');
  await hydrated(page, 'ObjectDetectionDemo');
  const button = page.getByRole('button', { name: 'Analyze Image' });
  // Reach the button by keyboard (focus-visible), retried while the demo settles after hydration
  // (a re-render while the keys are pressed can leave focus elsewhere).
  await expect(async () => {
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const ring = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      visible: el.matches(':focus-visible'),
      style: s.outlineStyle,
      width: s.outlineWidth,
      halo: s.boxShadow,
    };
  });
  expect(ring.visible).toBe(true);
  expect(ring.style).toBe('solid');
  expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
  // At least WCAG's 3:1 for non-text contrast against the white card, once the button's colour
  // transition has settled...
  await expect
    .poll(async () => contrastWithWhite(await button.evaluate((el) => getComputedStyle(el).outlineColor)))
    .toBeGreaterThanOrEqual(3);
  // ...and a white halo inside it, for dark surfaces.
  expect(ring.halo).toContain('rgb(255, 255, 255)');
});

/** WCAG contrast ratio of an `rgb(r, g, b)` colour against white. */
function contrastWithWhite(color: string): number {
  const [r = 255, g = 255, b = 255] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (luminance + 0.05);
}

test('on the dashboard every key and subscription action is on screen', async ({ page, isMobile }) => {
  await signUp(page);
  expect(
    (await page.request.post('/api/account/keys', { data: { name: 'phone key with a long name' } })).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post('/api/subscriptions', {
        data: { api_id: 'image-object-detection', tier: 'testing' },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/dashboard');
  const width = page.viewportSize()?.width ?? 0;
  for (const action of [
    page.getByTestId('keys-panel').getByRole('button', { name: /^Revoke key/ }),
    page.getByTestId('subscriptions-panel').getByRole('button', { name: /^Cancel subscription/ }),
    page.getByTestId('keys-panel').getByText('Active', { exact: true }),
  ]) {
    await action.scrollIntoViewIfNeeded();
    const box = await action.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  // Nothing on the page scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (isMobile) {
    await page
      .getByTestId('keys-panel')
      .getByRole('button', { name: /^Revoke key/ })
      .click();
    await expect(page.getByRole('button', { name: 'Revoke key', exact: true })).toBeVisible();
  }
});
