import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** The admin pair the Playwright web server is started with (see playwright.config.ts). */
export const ADMIN = {
  username: process.env['E2E_ADMIN_USERNAME'] ?? 'admin',
  password: process.env['E2E_ADMIN_PASSWORD'] ?? 'correct horse battery staple',
};

let counter = 0;
/**
 * Gives a browser context its own client address through X-Forwarded-For, which the test server
 * honours because playwright.config.ts starts it with TRUST_PROXY=1; so each test gets its own
 * rate-limit budget and tests cannot starve each other.
 */
export async function isolateClient(context: BrowserContext): Promise<string> {
  counter += 1;
  const ip = `10.${(process.pid % 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${counter % 250}`;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

/** A marker unique to this run, to find our own submissions among others. */
export function uniqueTag(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Logs in through the API; the session cookie lands in the context shared with `page`. */
export async function loginViaApi(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens /c logged in and waits for the list. */
export async function openAdminList(page: Page): Promise<void> {
  await loginViaApi(page.request);
  await page.goto('/c');
  await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
  await expect(page.getByText('Loading contacts...')).toHaveCount(0);
}

/** The admin card holding `text`, loading more pages until it appears. */
export async function findCard(page: Page, text: string) {
  const card = page.getByTestId('contact-card').filter({ hasText: text });
  for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toHaveCount(0);
  }
  await expect(card).toHaveCount(1);
  return card;
}
