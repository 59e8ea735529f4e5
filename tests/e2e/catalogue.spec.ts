import { expect, test, type APIRequestContext } from '@playwright/test';
import { isolateClient } from './contact-helpers';

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

const list = <T,>(body: unknown): T[] => (Array.isArray(body) ? body : (body as { items: T[] }).items) as T[];

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
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/apis' && r.status() === 200);
  await page.goto('/apis');
  await answered;
  await expect(page.locator('[data-api-grid="live"]')).toBeVisible();
  const grid = page.getByRole('list', { name: 'APIs' });
  await expect(grid.getByRole('heading')).toHaveText(apis.map((a) => a.name));
  await expect(grid.getByText('starts at $20/month')).toHaveCount(apis.length);
});

test('the listing follows the server, not the build: a changed catalogue re-renders the grid', async ({ page }) => {
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

test('API cards: View Details opens the page, Subscribe opens the dialog, Notify Me is disabled', async ({ page, request }) => {
  const apis = await getJson<ApiJson>(request, '/api/apis');
  const active = apis.find((a) => a.status === 'active');
  const soon = apis.find((a) => a.status !== 'active');
  expect(active && soon).toBeTruthy();
  await page.goto('/apis');
  await expect(page.locator('[data-api-grid="live"]')).toBeVisible();
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

  await expect(card(soon!.name).getByRole('button', { name: 'Notify Me' })).toBeDisabled();
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

test('every API the server lists has a detail page with its status, price and actions', async ({ page, request }) => {
  for (const api of await getJson<ApiJson>(request, '/api/apis')) {
    const res = await page.goto(`/api/${api.id}`);
    expect(res?.status(), api.id).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(api.name);
    await expect(page.locator('[data-price]')).toHaveAttribute('data-price', api.price.toFixed(2));
    await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    if (api.status === 'active') {
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
      await expect(page.getByRole('heading', { name: 'Live API tester' })).toBeVisible();
    } else {
      await expect(page.getByText('Coming Soon', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
      await expect(page.getByRole('heading', { name: 'Live API tester' })).toHaveCount(0);
    }
    const plans = page.getByRole('heading', { name: 'Pricing plans' });
    await expect(plans).toHaveCount(api.id === 'image-object-detection' ? 1 : 0);
  }
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

test('every use case the server lists has a detail page with its APIs and guide', async ({ page, request }) => {
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
