import { expect, test } from '@playwright/test';

// Every route's status, metadata, script policy, console and accessibility: pages.spec.ts.

test.describe('not found', () => {
  test('an unknown route answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('an unknown API id answers 404 with the API not-found card', async ({ page }) => {
    const response = await page.goto('/api/no-such-api');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('API Not Found', { exact: true })).toBeVisible();
    await expect(page.getByText('The requested API could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a program asking for an unknown API id gets the JSON error body; a known id keeps its page', async ({
    request,
  }) => {
    const res = await request.get('/api/no-such-api', { headers: { Accept: 'application/json' } });
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const known = await request.get('/api/image-object-detection', {
      headers: { Accept: 'application/json' },
    });
    expect(known.status()).toBe(200);
    expect(known.headers()['content-type']).toMatch(/^text\/html/);
  });

  test('an unknown use case answers 404 with its not-found card', async ({ page }) => {
    const response = await page.goto('/use-case/no-such-use-case');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Use Case Not Found', { exact: true })).toBeVisible();
    await expect(page.getByText('The requested use case could not be found.')).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('Docs and Pricing are highlighted on their own pages only', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop links');
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Docs' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/docs');
    await expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
  });

  test('dropdowns open with the keyboard, move with arrows and close with Escape', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'desktop dropdowns');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Industries' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#menu-industries');
    await expect(menu.getByRole('link')).toHaveCount(7);
    await expect(menu.getByRole('link', { name: 'Healthcare' })).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Real Estate' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Manufacturing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('the Use Cases dropdown opens on click and its links navigate', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop dropdowns');
    await page.goto('/');
    await page.getByRole('button', { name: 'Use Cases' }).click();
    const menu = page.locator('#menu-use-cases');
    await expect(menu.getByRole('link')).toHaveCount(5);
    await menu.getByRole('link', { name: 'Virtual Inspection' }).click();
    await expect(page).toHaveURL(/\/virtual-inspection$/);
    // A click elsewhere closes an open dropdown.
    await page.getByRole('button', { name: 'Industries' }).click();
    await expect(page.locator('#menu-industries')).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(page.locator('#menu-industries')).toBeHidden();
  });

  test('the mobile menu opens by touch and shows every link plus Get Started', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'mobile menu');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await toggle.tap();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Real Estate',
      'Agriculture',
      'Virtual Inspection',
      'Docs',
      'Pricing',
      'Get Started',
      'Sign in',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute(
      'href',
      '/signup',
    );
    await menu.getByRole('link', { name: 'Manufacturing' }).tap();
    await expect(page).toHaveURL(/\/industries\/manufacturing$/);
  });
});

test('on a phone, Subscribe Now on an API page comes before the endpoints and pricing tiers', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'phone layout');
  await page.goto('/api/image-object-detection');
  const subscribe = page.getByRole('button', { name: 'Subscribe Now' });
  const top = async (selector: string) =>
    (await page.locator(selector).first().boundingBox())?.y ?? Number.NaN;
  const subscribeY = (await subscribe.boundingBox())?.y ?? Number.NaN;
  expect(subscribeY).toBeLessThan(await top('#endpoints-heading'));
  expect(subscribeY).toBeLessThan(await top('[data-plan]'));
  // Within the first two screens of the page.
  expect(subscribeY).toBeLessThan(2 * 844);
});
