import { readdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testerEndpoint } from '../../src/islands/live-tester/testers';
import { isolateClient } from '../support/e2e/contact-helpers';

interface ApiJson {
  id: string;
  name: string;
  price: number;
  status: string;
}
interface UseCaseJson {
  id: string;
  name: string;
}

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? body : (body as { items: T[] }).items) as T[];

async function getJson<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return list<T>(await res.json());
}

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

test('the API listing renders the catalogue the server returns', async ({ page, request }) => {
  const apis = await getJson<ApiJson>(request, '/api/apis');
  expect(apis.length).toBeGreaterThanOrEqual(4);
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/apis' && r.status() === 200,
  );
  await page.goto('/apis');
  await answered;
  await expect(page.locator('[data-api-grid="live"]')).toBeVisible();
  const grid = page.getByRole('list', { name: 'APIs' });
  await expect(grid.getByRole('heading')).toHaveText(apis.map((a) => a.name));
  await expect(grid.getByText('starts at $20/month')).toHaveCount(apis.length);
});

test('the listing follows the server, not the build: a changed catalogue re-renders the grid', async ({
  page,
}) => {
  await page.route('**/api/apis', async (route) => {
    const res = await route.fetch();
    const apis = list<ApiJson>(await res.json());
    const changed = apis.map((a, i) => (i === 0 ? { ...a, name: 'Renamed By Server' } : a)).slice(0, 2);
    await route.fulfill({ response: res, json: changed });
  });
  await page.goto('/apis');
  const grid = page.getByRole('list', { name: 'APIs' });
  await expect(grid.getByRole('heading')).toHaveCount(2);
  await expect(grid.getByRole('heading', { name: 'Renamed By Server' })).toBeVisible();
});

test('API cards: every API of the catalogue is active; View Details opens the page, Subscribe opens the dialog', async ({
  page,
  request,
}) => {
  const apis = await getJson<ApiJson>(request, '/api/apis');
  // One entry per file of content/apis/, each active.
  expect(apis).toHaveLength(readdirSync('content/apis').filter((f) => f.endsWith('.json')).length);
  expect(apis.map((a) => a.status)).toEqual(Array(apis.length).fill('active'));
  const active = apis.find((a) => a.id === 'facial-attribute-analysis');
  expect(active).toBeTruthy();
  await page.goto('/apis');
  await expect(page.locator('[data-api-grid="live"]')).toBeVisible();
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

  await expect(page.getByRole('button', { name: 'Notify Me' })).toHaveCount(0);
  await card(active!.name).getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(active!.name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await card(active!.name).getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/api/${active!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(active!.name);
});

test('every API the server lists has a detail page with its status, price and actions', async ({
  page,
  request,
}) => {
  for (const api of await getJson<ApiJson>(request, '/api/apis')) {
    const res = await page.goto(`/api/${api.id}`);
    expect(res?.status(), api.id).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(api.name);
    await expect(page.locator('[data-price]')).toHaveAttribute('data-price', api.price.toFixed(2));
    await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    if (api.status === 'active') {
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
      // Only an API with its own endpoint has a tester; no page runs another API's.
      await expect(page.getByRole('heading', { name: 'Live API tester' })).toHaveCount(
        testerEndpoint(api.id) ? 1 : 0,
      );
    } else {
      await expect(page.getByText('Coming Soon', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
      await expect(page.getByRole('heading', { name: 'Live API tester' })).toHaveCount(0);
    }
    const plans = page.getByRole('heading', { name: 'Pricing plans' });
    await expect(plans).toHaveCount(api.id === 'image-object-detection' ? 1 : 0);
    // The price line says how it is billed and links to the whole pricing model.
    await expect(page.locator('[data-pricing-summary]')).toContainText(
      'Pay per use, billed monthly with a $20 minimum.',
    );
  }
});

test('the back link of an API page goes to the API listing', async ({ page }) => {
  await page.goto('/api/image-classification');
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to APIs' }).click();
  await expect(page).toHaveURL(/\/apis$/);
});

test('a tier card subscribes to that tier: the dialog shows its name, monthly price and quota', async ({
  page,
}) => {
  await page.goto('/api/image-object-detection');
  let calls = 0;
  page.on('request', (r) => {
    if (r.method() !== 'GET') calls += 1;
  });
  for (const [tier, price, quota] of [
    ['Standard', '$49/month', 'Up to 2,000 requests/month'],
    ['Premium', '$99/month', 'Up to 5,000 requests/month'],
    ['Testing', '$19/month', 'Up to 200 requests/month'],
  ] as const) {
    await page
      .locator(`[data-plan="${tier}"]`)
      .getByRole('button', { name: `Choose ${tier}` })
      .click();
    const dialog = page.getByTestId('subscribe-dialog');
    const terms = dialog.getByTestId('subscribe-terms');
    await expect(terms).toContainText(`Plan${tier}`);
    await expect(terms).toContainText(price);
    await expect(terms).toContainText(quota);
    // A bundle is a hard cap: nothing beyond it is billed.
    await expect(terms).toContainText('Beyond the bundleRefused until the bundle renews');
    if (tier !== 'Testing') {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  // Signed out, the dialog sends the visitor to sign up with this tier to come back to.
  const back = '/api/image-object-detection?subscribe=image-object-detection&tier=testing';
  await expect(page.getByTestId('subscribe-dialog').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `/signup?next=${encodeURIComponent(back)}`,
  );
  expect(calls, 'nothing is posted while signed out').toBe(0);
  await page.getByTestId('subscribe-dialog').getByRole('button', { name: 'Cancel' }).click();

  // Object detection is pay per use or a monthly bundle: Subscribe Now offers both, pay per use chosen.
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  const dialog = page.getByTestId('subscribe-dialog');
  const tiers = dialog.getByTestId('subscribe-tiers');
  await expect(tiers.getByRole('radio')).toHaveCount(4);
  await expect(tiers.getByRole('radio', { name: /Pay per use/ })).toBeChecked();
  const terms = dialog.getByTestId('subscribe-terms');
  await expect(terms).toContainText('PlanPay per use');
  await expect(terms).toContainText('$0.05 per request');
  await tiers.getByRole('radio', { name: /Testing/ }).check();
  await expect(terms).toContainText('PlanTesting');
  await tiers.getByRole('radio', { name: /Premium/ }).check();
  await expect(terms).toContainText('PlanPremium');
  await expect(terms).toContainText('Up to 5,000 requests/month');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An API without bundles is pay per use at its price.
  await page.goto('/api/image-classification');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  const payTerms = page.getByTestId('subscribe-dialog').getByTestId('subscribe-terms');
  await expect(payTerms).toContainText('PlanPay per use');
  await expect(payTerms).toContainText('per request');
  await expect(payTerms).toContainText('Monthly minimum$20');
  await expect(page.getByTestId('subscribe-tiers')).toHaveCount(0);
});

test('/pricing explains how pay per use, the bundles and the Standard Plan fit together', async ({
  page,
  request,
}) => {
  await page.goto('/pricing');
  const payPerUse = page.locator('[data-pricing-model="pay-per-use"]');
  await expect(payPerUse).toContainText('starts at $20/month');
  for (const api of (await getJson<ApiJson>(request, '/api/apis')).filter((a) => a.status === 'active')) {
    await expect(payPerUse.getByRole('row', { name: api.name })).toContainText(`$${api.price.toFixed(2)}`);
  }
  const bundles = page.locator('[data-pricing-model="bundles"]');
  for (const text of [
    'Testing: $19/month for up to 200 requests',
    'Standard: $49/month for up to 2,000 requests',
    'Premium: $99/month for up to 5,000 requests',
  ]) {
    await expect(bundles).toContainText(text);
  }
  const standard = page.locator('[data-pricing-model="standard-plan"]');
  await expect(standard).toContainText('5,000 images a month for $150, then $0.03 per extra image');
  await expect(standard).toContainText('Above 15,000 images a month');
});

test('the object-detection API shows the four pricing tiers', async ({ page }) => {
  await page.goto('/api/image-object-detection');
  for (const [tier, price] of [
    ['Testing', '$19'],
    ['Standard', '$49'],
    ['Premium', '$99'],
  ] as const) {
    const card = page.locator(`[data-plan="${tier}"]`);
    await expect(card).toContainText(price);
  }
  await expect(page.locator('[data-plan="Testing"]')).toContainText('Popular');
  await expect(page.locator('[data-plan="Custom"]')).toContainText('99.99%');
});

test('every use case the server lists has a detail page with its APIs and guide', async ({
  page,
  request,
}) => {
  const useCases = await getJson<UseCaseJson>(request, '/api/use-cases');
  expect(useCases.length).toBeGreaterThanOrEqual(6);
  for (const useCase of useCases) {
    const res = await page.goto(`/use-case/${useCase.id}`);
    expect(res?.status(), useCase.id).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(useCase.name);
    await expect(page.getByRole('heading', { name: 'Applicable APIs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Implementation guide' })).toBeVisible();
  }
});

test('the security use case offers object detection, which finds people and vehicles', async ({ page }) => {
  await page.goto('/use-case/security-perimeter-monitoring');
  await expect(page.getByText('No APIs Available Yet')).toHaveCount(0);
  await expect(page.locator('a[href="/api/image-object-detection"]').first()).toBeVisible();
  await expect(page.getByText(/person, car, truck/).first()).toBeVisible();
});

test('storage claims agree: image URLs and results are stored, image bytes never', async ({ page }) => {
  await page.goto('/industries/insurance');
  await expect(page.getByText('The images themselves are never stored.', { exact: false })).toBeVisible();
  await expect(page.getByText('stored with its image and settings')).toHaveCount(0);
  await page.goto('/use-cases');
  await expect(page.getByText(/Image bytes are never stored/)).toBeVisible();
  await expect(page.getByText('Images are analysed and discarded')).toHaveCount(0);
});

test('the use cases overview links each detailed use case to its page', async ({ page, request }) => {
  const useCases = await getJson<UseCaseJson>(request, '/api/use-cases');
  await page.goto('/use-cases');
  for (const useCase of useCases) {
    await expect(page.locator(`a[href="/use-case/${useCase.id}"]`)).toHaveText('Explore APIs');
  }
  await page.locator(`a[href="/use-case/${useCases[0]!.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/use-case/${useCases[0]!.id}$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Explore APIs' }).first().click();
  await expect(page).toHaveURL(/\/apis$/);
});
