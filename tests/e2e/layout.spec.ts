import { expect, test, type Locator } from '@playwright/test';

/**
 * Layout defects that screenshots showed and that must not come back: lone cards on a grid's
 * last row, pricing plans of unequal height, code clipped at the right edge, a see-through
 * sticky header, and the API page's sidebar ending early. Also the keyboard tabs of the
 * virtual-inspection page.
 */

/** Top edge of each card, rounded, grouped into rows. */
async function rowSizes(cards: Locator): Promise<number[]> {
  const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.values()];
}

/** Fails when a grid of several cards per row leaves one card alone on a row of its own. */
async function expectNoLoneCard(cards: Locator, label: string): Promise<void> {
  const rows = await rowSizes(cards);
  const widest = Math.max(...rows);
  if (widest < 2) return; // one column: every row holds one card by design
  const last = rows.at(-1) ?? 0;
  const lastIsFullWidth = await cards
    .last()
    .evaluate(
      (el) => el.getBoundingClientRect().width > (el.parentElement?.getBoundingClientRect().width ?? 0) * 0.9,
    );
  expect(last >= 2 || lastIsFullWidth, `${label}: rows of ${rows.join(', ')} cards`).toBe(true);
}

for (const width of [1280, 900, 390]) {
  test(`card grids leave no lone card at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/use-cases');
    await expectNoLoneCard(
      page.locator('section[aria-labelledby="detailed-heading"] ul > li'),
      '/use-cases use cases',
    );
    await page.goto('/demo');
    await expectNoLoneCard(page.locator('section[aria-labelledby="demos-heading"] > ul > li'), '/demo');
    await page.goto('/apis');
    await expectNoLoneCard(page.getByRole('list', { name: 'APIs' }).locator('> li'), '/apis');
    for (const demo of [
      'object-detection',
      'watermark-detection',
      'photo-validation',
      'similar-images',
      'image-captioning',
    ]) {
      await page.goto(`/demo/${demo}`);
      await expectNoLoneCard(page.locator('[data-sample-grid] > li'), `/demo/${demo} samples`);
    }
  });
}

test('pricing plans are equally tall with their buttons on one line at the bottom', async ({ page }) => {
  await page.goto('/pricing');
  const plans = page.locator('[data-plan-cards] > div');
  await expect(plans).toHaveCount(2);
  const [standard, enterprise] = [await plans.nth(0).boundingBox(), await plans.nth(1).boundingBox()];
  expect(Math.abs((standard?.height ?? 0) - (enterprise?.height ?? 1))).toBeLessThan(1);
  const ctas = page.locator('[data-plan-cards] [data-plan-cta]');
  const [a, b] = [await ctas.nth(0).boundingBox(), await ctas.nth(1).boundingBox()];
  expect(Math.abs((a?.y ?? 0) + (a?.height ?? 0) - ((b?.y ?? 1) + (b?.height ?? 0)))).toBeLessThan(1);
});

for (const width of [1280, 390]) {
  test(`code samples wrap inside their box at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const samples = {
      '/apis': 'section[aria-labelledby="integrate-heading"] .code-block__pre',
      '/api/image-object-detection': 'section[aria-labelledby="endpoints-heading"] .code-block__pre',
    };
    for (const [path, selector] of Object.entries(samples)) {
      await page.goto(path);
      const blocks = page.locator(selector);
      expect(await blocks.count(), path).toBeGreaterThan(0);
      const clipped = await blocks.evaluateAll(
        (els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length,
      );
      expect(clipped, `${path}: code blocks wider than their box`).toBe(0);
    }
  });
}

test('the sticky header is opaque', async ({ page }) => {
  await page.goto('/docs');
  const background = await page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  // rgb(...) is opaque; rgba(..., a) with a < 1, or a color() with an alpha, lets text through.
  expect(background).toMatch(/^rgb\(/);
});

test("the API page's documentation card stays beside the endpoints while they scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/api/image-object-detection');
  const card = page.getByRole('complementary', { name: 'Documentation' }).locator('.card');
  await page.locator('#endpoint-2').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 600);
  await expect(card).toBeInViewport();
});

test('the virtual-inspection tabs move with the arrow keys, Home and End, wrapping around', async ({
  page,
}) => {
  await page.goto('/virtual-inspection');
  const realEstate = page.getByRole('tab', { name: 'Real Estate' });
  const automotive = page.getByRole('tab', { name: 'Automotive' });
  await expect(realEstate).toHaveAttribute('aria-selected', 'true');
  await realEstate.focus();
  await page.keyboard.press('ArrowRight');
  await expect(automotive).toBeFocused();
  await expect(automotive).toHaveAttribute('aria-selected', 'true');
  await expect(automotive).toHaveAttribute('tabindex', '0');
  await expect(realEstate).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('#panel-automotive')).toBeVisible();
  await expect(page.locator('#panel-real-estate')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(realEstate).toBeFocused();
  await page.keyboard.press('End');
  await expect(automotive).toBeFocused();
  await page.keyboard.press('Home');
  await expect(realEstate).toHaveAttribute('aria-selected', 'true');
});
