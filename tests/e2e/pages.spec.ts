import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from '../support/e2e/axe';
import { allRoutes } from '../support/e2e/site-routes';

/**
 * Every page of the route table, loaded once: it answers, carries its metadata and an enforced
 * script policy, logs no errors, and has no serious or critical accessibility violations at the
 * desktop width and at the phone width, where nothing may push it wider than the screen.
 *
 * The phone check narrows the same page to 390 px (the responsive CSS relays it out; the site has
 * no touch- or pointer-specific styles) instead of loading every route again in the mobile
 * project: the load, hydration and idle wait were repeated for the same markup, four loads per
 * route across this file's two predecessors and both projects (a third of the browser suite).
 */

/** The phone width the `mobile` project uses (playwright.config.ts). */
const PHONE = { width: 390, height: 844 };

/**
 * Errors the page logs while loading; a route that throws in the console is broken. Content
 * Security Policy violations count too: Chromium logs them as console errors, and the page's own
 * `securitypolicyviolation` events are added (report-only or not, whatever the console shows).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return errors;
}

const notFound = ['/no-such-page', '/api/no-such-api', '/use-case/no-such-use-case'];

for (const route of [...allRoutes(), ...notFound]) {
  const missing = notFound.includes(route);
  test(`${route}: ${missing ? '404 page' : 'renders with navigation and metadata'}, no errors, accessible at 1280 and 390 px`, async ({
    page,
  }) => {
    // Two full-page analyses: /docs alone takes tens of seconds on a loaded machine.
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const response = await page.goto(route);
    expect(response?.status(), 'HTTP status').toBe(missing ? 404 : 200);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    if (!missing) {
      // The policy is really enforced, and scripts run only by hash (no 'unsafe-inline').
      const scriptSrc = (await response?.headerValue('content-security-policy'))
        ?.split(';')
        .find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc, 'script-src of the Content-Security-Policy header').toMatch(/'sha256-/);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      await expect(page.locator('footer')).toBeVisible();
      expect((await page.title()).length).toBeGreaterThan(0);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S.{9,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\//);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);
    }
    // Islands hydrate (their scripts run under the policy too) before the page is judged.
    await page.waitForLoadState('networkidle');
    // The dashboard sends a signed-out visitor to log in: check the page it lands on.
    if (route === '/dashboard') await page.waitForURL(/\/login/);
    expect(await blockingViolations(page), 'accessibility at 1280 px').toEqual([]);

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow at 390 px').toBeLessThanOrEqual(0);
    expect(await blockingViolations(page), 'accessibility at 390 px').toEqual([]);

    // Requests the test runtime cannot serve (e.g. no network) are not page errors.
    expect(errors.filter((e) => !/net::ERR_|Failed to load resource/.test(e))).toEqual([]);
  });
}
