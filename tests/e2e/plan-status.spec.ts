import { expect, test, type Page } from '@playwright/test';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { hydrated } from '../support/e2e/hydration';

/**
 * The plan an API page shows, at desktop and phone widths: signed out, the Free tier's offer and
 * not a single request answering 401 (no console error); signed in, the Free tier with this
 * month's images, then, after subscribing, the plan held with a change instead of "Subscribe
 * Now", and a dialog that never subscribes to the plan already held (the server answers 409).
 */

const API_PAGE = '/api/image-object-detection';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Console errors, page errors and 401 answers while the page is open. */
function watch(page: Page): { errors: string[]; refused: string[] } {
  const errors: string[] = [];
  const refused: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  return { errors, refused };
}

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('signed out: the Free tier offer, and no 401 or console error, the live tester included', async ({
      page,
    }) => {
      const { errors, refused } = watch(page);
      await page.goto(API_PAGE);
      await hydrated(page, 'PlanStatus');
      const card = page.getByRole('complementary', { name: 'Get started' });
      await expect(card).toContainText(
        'Free tier: 100 images a month across all APIs, no subscription needed.',
      );
      await expect(card.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
      // The live tester hydrates when scrolled into view: it must not ask either.
      await hydrated(page, 'LiveTester', page.locator('#live-tester'));
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('signed in: the Free tier with its usage, then the plan held after subscribing, and no second subscribe', async ({
      page,
    }) => {
      const tag = uniqueTag('p')
        .replace(/[^a-zA-Z0-9_.-]/g, '')
        .slice(0, 28);
      const signup = await page.request.post('/api/account/signup', {
        data: { username: tag, email: `${tag}@example.com`, password: 'a long test password 1' },
      });
      expect(signup.status(), await signup.text()).toBe(201);

      await page.goto(API_PAGE);
      await hydrated(page, 'PlanStatus');
      const card = page.getByRole('complementary', { name: 'Get started' });
      await expect(card.getByTestId('current-plan')).toHaveText('Free tier');
      await expect(card.getByTestId('free-usage')).toHaveText(
        '0 of 100 images used this month, across all APIs.',
      );

      // Subscribe (pay per use) from the card.
      await card.getByRole('button', { name: 'Subscribe Now' }).click();
      const dialog = page.getByTestId('subscribe-dialog');
      await expect(
        dialog.getByRole('heading', { name: 'Subscribe to Image Object Detection' }),
      ).toBeVisible();
      await expect(dialog.getByTestId('subscribe-terms')).toContainText('PlanPay per use');
      await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(
          'Successfully subscribed to Image Object Detection. Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.',
          { exact: true },
        ),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create a key in your dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );

      // The card shows the plan held, at once and after a reload; no "Subscribe Now".
      await expect(card.getByTestId('current-plan')).toHaveText('Pay per use');
      await expect(card.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
      await page.reload();
      await hydrated(page, 'PlanStatus');
      await expect(card.getByTestId('current-plan')).toHaveText('Pay per use');
      await expect(card.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
      await expect(card.getByRole('link', { name: 'Cancel in your dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );

      // "Change plan" opens the dialog on the plan held: it says so and will not subscribe again.
      await card.getByRole('button', { name: 'Change plan' }).click();
      await expect(
        dialog.getByRole('heading', { name: 'Change your plan for Image Object Detection' }),
      ).toBeVisible();
      await expect(dialog.getByTestId('subscribe-terms')).toContainText('Your current planPay per use');
      await expect(dialog.getByTestId('subscribe-current')).toContainText('This is your current plan.');
      await expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
      // Choosing a bundle enables the change.
      await dialog.getByRole('radio', { name: /Testing/ }).check();
      await expect(dialog.getByRole('button', { name: 'Change plan' })).toBeEnabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // The server refuses the same tier again, whatever the page shows.
      const again = await page.request.post('/api/subscriptions', {
        data: { api_id: 'image-object-detection', tier: 'pay-per-use' },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    });
  });
}
