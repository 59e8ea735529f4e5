import { expect, test, type Page } from '@playwright/test';
import { isolateClient, uniqueTag } from '../support/e2e/contact-helpers';
import { blockingViolations } from '../support/e2e/axe';
import { hydrated } from '../support/e2e/hydration';

/**
 * The account side end to end on the real server: sign-up, keys, subscribing from an API page,
 * calling the API with the key, the usage in the dashboard, revoking, signing in and out.
 */

const PASSWORD = 'a long test password 1';
const SAMPLE = '/images/samples/od-coffee-cup.jpg';

function newAccount() {
  const tag = uniqueTag('u')
    .replace(/[^a-zA-Z0-9_.-]/g, '')
    .slice(0, 28);
  return { username: tag, email: `${tag}@example.com`, password: PASSWORD };
}

async function signUpInPage(page: Page, account: ReturnType<typeof newAccount>): Promise<void> {
  await hydrated(page, 'AuthForm');
  const form = page.getByTestId('signup-form');
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

test('sign up, create a key, subscribe, call the API with the key, see the usage, revoke the key', async ({
  page,
  request,
  baseURL,
}) => {
  const account = newAccount();
  await page.goto('/signup');
  await signUpInPage(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(account.username);
  await expect(page.getByTestId('keys-empty')).toBeVisible();
  await expect(page.getByTestId('subscriptions-empty')).toBeVisible();

  // A key, shown once in full.
  const keys = page.getByTestId('keys-panel');
  await keys.getByLabel('Key name').fill('ci');
  await keys.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByTestId('new-key');
  await expect(created).toBeVisible();
  await expect(created).toBeFocused();
  await expect(created).toContainText('you will not see it again');
  const key = await page.getByTestId('new-key-value').inputValue();
  expect(key.length).toBeGreaterThan(20);
  const row = page.getByTestId('keys-table').getByRole('row', { name: /ci/ });
  await expect(row).toContainText(`…${key.slice(-4)}`);
  await expect(row).toContainText('Never');
  await expect(row).not.toContainText(key);
  await expect(page.getByTestId('dashboard-announcer')).toContainText('Key ci created');

  // Subscribe to object detection at the Testing tier from the API page.
  await page.goto('/api/image-object-detection');
  await page.locator('[data-plan="Testing"]').getByRole('button', { name: 'Choose Testing' }).click();
  const dialog = page.getByTestId('subscribe-dialog');
  const subscribe = dialog.getByRole('button', { name: 'Subscribe', exact: true });
  await expect(subscribe).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/subscriptions'));
  await subscribe.click();
  expect((await posted).postDataJSON()).toEqual({ api_id: 'image-object-detection', tier: 'testing' });
  await expect(
    page.getByText(
      'Successfully subscribed to Image Object Detection (Testing plan). Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Create a key in your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  // The page now shows the plan held, and subscribing again to it is not offered.
  await expect(page.getByTestId('current-plan')).toHaveText('Testing: 200 requests a month');
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);

  // The key works from outside the browser (no cookies in `request`).
  const call = await request.post('/api/v1/detect', {
    headers: { Authorization: `Bearer ${key}` },
    data: { image_urls: [`${baseURL}${SAMPLE}`] },
  });
  expect(call.status(), await call.text()).toBe(200);

  // The dashboard shows the call.
  await page.goto('/dashboard');
  await expect(
    page.getByTestId('subscriptions-table').getByRole('row', { name: /Image Object Detection/ }),
  ).toContainText('Testing');
  const usage = page.getByTestId('usage-apis').locator('[data-api-id="image-object-detection"]');
  await expect(usage.getByTestId('usage-requests')).toHaveText('1');
  await expect(usage.getByTestId('usage-images')).toHaveText('1');
  await expect(usage.getByTestId('usage-remaining')).toHaveText('199');
  await expect(page.getByTestId('usage-period')).toContainText(/usage resets on 1 [A-Z][a-z]+\./);
  await expect(
    page
      .getByTestId('recent-requests')
      .getByRole('row', { name: /\/api\/v1\/detect/ })
      .first(),
  ).toContainText('200');
  await expect(page.getByTestId('usage-keys')).toContainText('ci');
  await expect(page.getByTestId('keys-table').getByRole('row', { name: /ci/ })).not.toContainText('Never');

  // Revoke it, with a confirmation; calls with it are refused from then on.
  await page.getByRole('button', { name: 'Revoke key ci' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Revoke key “ci”?');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('keys-table').getByRole('row', { name: /ci/ })).toContainText('Revoked');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeFocused();
  await expect(page.getByTestId('dashboard-announcer')).toContainText('Key ci revoked');
  const refused = await request.post('/api/v1/detect', {
    headers: { Authorization: `Bearer ${key}` },
    data: { image_urls: [`${baseURL}${SAMPLE}`] },
  });
  expect(refused.status()).toBe(401);
});

test('sign out, the dashboard sends signed-out visitors to log in and back, log in by username', async ({
  page,
}) => {
  const account = newAccount();
  const res = await page.request.post('/api/account/signup', { data: account });
  expect(res.status(), await res.text()).toBe(201);

  // Signed in, the sign-in pages forward to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await hydrated(page, 'AuthForm');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username or email').fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill('not the password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username, email or password.');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();

  // The password can be shown and hidden again.
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Hide password' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');

  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(account.username);
});

test('a signed-out visitor who subscribes signs up first and comes back to the same dialog and tier', async ({
  page,
}) => {
  await page.goto('/api/image-object-detection');
  await page.locator('[data-plan="Premium"]').getByRole('button', { name: 'Choose Premium' }).click();
  const dialog = page.getByTestId('subscribe-dialog');
  await expect(dialog.getByTestId('subscribe-sign-in')).toBeVisible();
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);

  await signUpInPage(page, newAccount());
  await expect(page).toHaveURL(/\/api\/image-object-detection$/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('subscribe-terms')).toContainText('PlanPremium');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(
    page.getByText(
      'Successfully subscribed to Image Object Detection (Premium plan). Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.',
      { exact: true },
    ),
  ).toBeVisible();

  await page.goto('/dashboard');
  await expect(
    page.getByTestId('subscriptions-table').getByRole('row', { name: /Image Object Detection/ }),
  ).toContainText('Premium');
  await expect(
    page
      .getByTestId('usage-apis')
      .locator('[data-api-id="image-object-detection"]')
      .getByTestId('usage-remaining'),
  ).toHaveText('5,000');
});

test('sign-up field errors: the contract rules before sending, a taken username under its field', async ({
  page,
}) => {
  const taken = newAccount();
  expect((await page.request.post('/api/account/signup', { data: taken })).status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/signup');
  await hydrated(page, 'AuthForm');
  const form = page.getByTestId('signup-form');
  await form.getByLabel('Username').fill('x');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('short');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') posts += 1;
  });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Username')).toBeFocused();
  await expect(form).toContainText('Username must be at least 3 characters');
  await expect(form).toContainText('Please enter a valid email address');
  await expect(form).toContainText('Password must be at least 12 characters');
  expect(posts).toBe(0);

  const other = newAccount();
  await form.getByLabel('Username').fill(taken.username);
  await form.getByLabel('Email').fill(other.email);
  await form.getByLabel('Password', { exact: true }).fill(other.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  const username = form.getByLabel('Username');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();
  const describedBy = (await username.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ')[0]}"]`)).toContainText(/taken|exists|already/i);
  await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);

  // Long enough for the browser's check, but a common password: the server's field error shows
  // under the password field, which takes the focus.
  await form.getByLabel('Username').fill(other.username);
  await form.getByLabel('Password', { exact: true }).fill('password1234');
  await form.getByRole('button', { name: 'Create account' }).click();
  const password = form.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(form).toContainText('This password is too common or too easy to guess');
  await expect(form).toContainText('At least 12 characters, and not a common password.');
  await expect(page).toHaveURL(/\/signup$/);
});

test('the signed-in dashboard has no serious accessibility violations and fits a 390 px screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/account/signup', { data: newAccount() })).status()).toBe(201);
  expect((await page.request.post('/api/account/keys', { data: { name: 'phone' } })).status()).toBe(201);
  expect(
    (
      await page.request.post('/api/subscriptions', {
        data: { api_id: 'image-object-detection', tier: 'standard' },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('keys-table')).toBeVisible();
  await expect(page.getByTestId('subscriptions-table')).toBeVisible();
  await expect(page.getByTestId('usage-period')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
});

test('a subscribed visitor may run the live tester on their own subscription, and it shows in their usage', async ({
  page,
  baseURL,
}) => {
  expect((await page.request.post('/api/account/signup', { data: newAccount() })).status()).toBe(201);
  await page.goto('/api/image-object-detection');
  const tester = page.locator('#live-tester');
  await hydrated(page, 'LiveTester', tester);
  // Not subscribed yet: the tester runs on the demo endpoint only.
  await expect(tester.getByTestId('tester-own-subscription')).toHaveCount(0);

  expect(
    (
      await page.request.post('/api/subscriptions', {
        data: { api_id: 'image-object-detection', tier: 'testing' },
      })
    ).status(),
  ).toBe(201);
  await page.reload();
  await hydrated(page, 'LiveTester', tester);
  await tester.getByLabel(/Run on my subscription \(Testing\)/).check();
  await tester.getByLabel('Image URLs').fill(`${baseURL}${SAMPLE}`);
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/detect',
  );
  await tester.getByRole('button', { name: 'Test API' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('API test completed successfully', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(
    page
      .getByTestId('usage-apis')
      .locator('[data-api-id="image-object-detection"]')
      .getByTestId('usage-requests'),
  ).toHaveText('1');
  await expect(
    page.getByTestId('recent-requests').getByRole('row', { name: /\/api\/v1\/detect/ }),
  ).toHaveCount(1);
});

test('a signed-out visit to the sign-in pages asks nothing that answers 401 and logs no error', async ({
  page,
}) => {
  const refused: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await hydrated(page, 'AuthForm');
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
