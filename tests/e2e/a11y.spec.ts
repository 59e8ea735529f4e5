import { expect, test } from '@playwright/test';
import { blockingViolations } from '../support/e2e/axe';
import { allRoutes } from '../support/e2e/site-routes';

const notFound = ['/no-such-page', '/api/no-such-api', '/use-case/no-such-use-case'];

/** The phone width the `mobile` project uses (playwright.config.ts). */
const PHONE = { width: 390, height: 844 };

// One page load per route checks both layouts: the desktop width, then the same page narrowed
// to the phone width (the responsive CSS relays it out; the site has no touch- or
// pointer-specific styles). Loading every route again in the mobile project repeated the load,
// hydration and idle wait for the same markup (the mobile project's a11y tests were 22% of the
// browser suite's test time).
for (const route of [...allRoutes(), ...notFound]) {
  test(`${route} has no serious or critical accessibility violations at 1280 and 390 px`, async ({
    page,
  }) => {
    // Two full-page analyses: /docs alone takes tens of seconds on a loaded machine.
    test.setTimeout(120_000);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // The dashboard sends a signed-out visitor to log in: check the page it lands on.
    if (route === '/dashboard') await page.waitForURL(/\/login/);
    expect(await blockingViolations(page), 'at 1280 px').toEqual([]);
    // Media queries apply at once when the viewport narrows.
    await page.setViewportSize(PHONE);
    expect(await blockingViolations(page), 'at 390 px').toEqual([]);
  });
}
