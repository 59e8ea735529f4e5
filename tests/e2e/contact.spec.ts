import { expect, test, type Page } from '@playwright/test';
import { findCard, isolateClient, openAdminList, uniqueTag } from '../support/e2e/contact-helpers';

test.beforeEach(async ({ context }) => {
  await isolateClient(context);
});

/** Pages a visitor contacts sales from: home, catalogue, pricing, an industry, docs, marketing. */
const CONTACT_PAGES = [
  '/',
  '/apis',
  '/pricing',
  '/industries/real-estate',
  '/docs',
  '/real-estate-analysis',
] as const;

/** The page's first visible contact trigger and the page name it will send. */
async function contactTrigger(page: Page) {
  const trigger = page.locator('main [data-contact]:visible, header [data-contact]:visible').first();
  await expect(trigger).toBeVisible();
  const pageName = await trigger.evaluate(
    (el: HTMLElement) => el.dataset['pageName'] ?? document.body.dataset['pageName'] ?? '',
  );
  expect(pageName, 'page name sent with the request').not.toBe('');
  return { trigger, pageName };
}

async function fillContact(page: Page, values: { name: string; email: string; message: string }) {
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(values.name);
  await dialog.getByLabel('Business Email').fill(values.email);
  await dialog.getByLabel('How can we help?').fill(values.message);
  return dialog;
}

test('contact requests from six pages arrive in the admin list tagged with their page', async ({ page }) => {
  test.setTimeout(120_000);
  const sent: { message: string; pageName: string }[] = [];
  for (const path of CONTACT_PAGES) {
    // Six sends exceed one client's contact limit (5 per 10 minutes): a new address per page.
    await isolateClient(page.context());
    await page.goto(path);
    const { trigger, pageName } = await contactTrigger(page);
    await trigger.click();
    const message = uniqueTag(`hello from ${path}`);
    const dialog = await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.com', message });
    await expect(dialog.getByPlaceholder('Your full name')).toBeVisible();
    await expect(dialog.getByPlaceholder('Tell us about your project or questions...')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("Thanks for reaching out. We'll get back to you soon.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    sent.push({ message, pageName });
  }

  await openAdminList(page);
  for (const { message, pageName } of sent) {
    const card = await findCard(page, message);
    await expect(card.getByTestId('contact-page-name')).toHaveText(pageName);
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).toContainText('ada@example.com');
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
  }
});

test('the contact dialog shows field errors, keeps focus usable and resets after sending', async ({
  page,
}) => {
  await page.goto('/');
  const { trigger } = await contactTrigger(page);
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();

  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contacts')) posts += 1;
  });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  for (const label of ['Name', 'Business Email', 'How can we help?']) {
    const field = dialog.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).not.toBeEmpty();
  }
  await expect(dialog.getByLabel('Name')).toBeFocused();
  expect(posts, 'invalid forms are not sent').toBe(0);

  await dialog.getByLabel('Name').fill('Grace Hopper');
  await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Business Email').fill('not-an-email');
  await dialog.getByLabel('How can we help?').fill('Need detection for 10k photos a day.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByLabel('Business Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Business Email')).toBeFocused();
  expect(posts).toBe(0);

  // Escape closes; Cancel closes too.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('send shows "Sending..." while pending and a destructive error toast on failure', async ({ page }) => {
  await page.goto('/');
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contacts', async (route) => {
    await gate;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error', details: null },
        request_id: 'x',
      }),
    });
  });
  const { trigger } = await contactTrigger(page);
  await trigger.click();
  const dialog = await fillContact(page, {
    name: 'Alan Turing',
    email: 'alan@example.com',
    message: 'Hello',
  });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  const sending = dialog.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  release();
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Error' })
    .or(page.locator('[data-variant="destructive"]'));
  await expect(toast.first()).toContainText('Internal server error');
  // The dialog stays open with the visitor's text, so nothing typed is lost.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('How can we help?')).toHaveValue('Hello');
});

test('the pricing sign-up dialog submits the fixed Standard Plan request', async ({ page }) => {
  await page.goto('/pricing');
  const email = `${uniqueTag('signup')}@example.com`;
  await page.locator('[data-signup]:visible').first().click();
  const dialog = page.getByTestId('signup-dialog');
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel('Email');
  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');

  // Whitespace only: ignored, nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contacts')) posts += 1;
  });
  await input.fill('   ');
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  expect(posts).toBe(0);

  await input.fill(email);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request Submitted!', { exact: true })).toBeVisible();
  await expect(page.getByText('We will be in touch within 24 hours', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reopened, it is empty.
  await page.locator('[data-signup]:visible').first().click();
  await expect(page.getByTestId('signup-dialog').getByLabel('Email')).toHaveValue('');
  await page.keyboard.press('Escape');

  await openAdminList(page);
  const card = await findCard(page, email);
  await expect(card.getByTestId('contact-page-name')).toHaveText('Pricing');
  await expect(card).toContainText('Standard Plan Signup');
  await expect(card.getByTestId('contact-message')).toHaveText('Sign up request for standard plan');
});

test('a failed sign-up shows the error toast and keeps the dialog open', async ({ page }) => {
  await page.goto('/pricing');
  await page.route('**/api/contacts', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.locator('[data-signup]:visible').first().click();
  const dialog = page.getByTestId('signup-dialog');
  await dialog.getByLabel('Email').fill('someone@example.com');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Failed to submit request. Please try again.', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('someone@example.com');
});

test('the subscribe dialog asks a signed-out visitor to sign up or log in, and says where the key appears', async ({
  page,
}) => {
  await page.goto('/apis');
  const trigger = page.locator('[data-subscribe]:visible').first();
  await expect(trigger).toBeVisible();
  const apiName = (await trigger.getAttribute('data-api-name')) ?? '';
  const apiId = (await trigger.getAttribute('data-api-id')) ?? '';
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('subscribe-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(apiName);
  await expect(dialog).toContainText(/\$\d+\.\d{2,4} per request/);
  await expect(dialog).toContainText('dashboard');
  await expect(dialog.getByTestId('subscribe-sign-in')).toHaveText(
    'Sign up or log in to subscribe. You will come back to this choice afterwards.',
  );
  await expect(dialog.getByRole('button', { name: 'Subscribe', exact: true })).toHaveCount(0);
  // Opened from a card without a bundle, the choice is pay per use.
  const back = `/apis?subscribe=${apiId}&tier=pay-per-use`;
  await expect(dialog.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `/signup?next=${encodeURIComponent(back)}`,
  );
  await expect(dialog.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(back)}`,
  );
});

test('markup in every field is shown as inert text in the admin list', async ({ page }) => {
  const fired: string[] = [];
  page.on('dialog', async (d) => {
    fired.push(d.message());
    await d.dismiss();
  });
  const tag = uniqueTag('xss');
  const name = `<img src=x onerror=alert(1)> ${tag}`;
  const message = `<script>alert('msg')</script><b>bold</b> ${tag}`;
  const pageName = `<svg onload=alert(2)>`;
  const email = `x${tag.replace(/[^a-z0-9-]/gi, '')}@example.com`;

  // Name and message through the dialog; a hostile page name straight to the API.
  await page.goto('/');
  const { trigger } = await contactTrigger(page);
  await trigger.click();
  const dialog = await fillContact(page, { name, email, message });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
  const direct = await page.request.post('/api/contacts', {
    data: {
      name: `"><img src=x onerror=alert(3)> ${tag}`,
      email: 'direct@example.com',
      message: `javascript:alert(4) ${tag}-direct`,
      pageName,
    },
  });
  expect(direct.status()).toBe(201);

  await openAdminList(page);
  const card = await findCard(page, message);
  await expect(card.getByRole('heading')).toHaveText(name);
  await expect(card.getByTestId('contact-message')).toHaveText(message);
  const directCard = await findCard(page, `${tag}-direct`);
  await expect(directCard.getByTestId('contact-page-name')).toHaveText(pageName);
  await expect(
    page.locator(
      '[data-testid="contact-card"] img, [data-testid="contact-card"] script, [data-testid="contact-card"] svg[onload]',
    ),
  ).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(fired).toEqual([]);
});

test('POST /api/contacts answers 429 with Retry-After once a client sends too many', async ({ page }) => {
  // A filled honeypot still counts against the limit but stores nothing, so this test adds no rows.
  const body = {
    name: 'Bot',
    email: 'bot@example.com',
    message: 'spam',
    pageName: 'Home',
    website: 'http://spam.example',
  };
  let status = 0;
  let response;
  for (let i = 0; i < 200 && status !== 429; i++) {
    response = await page.request.post('/api/contacts', { data: body });
    status = response.status();
    if (status !== 429) expect(status).toBe(201);
  }
  expect(status).toBe(429);
  expect(Number(response!.headers()['retry-after'])).toBeGreaterThan(0);
  const json = await response!.json();
  expect(json.error.code).toBe('RATE_LIMITED');
});

test('field errors are plain words; Cancel clears the form and its errors; focus returns to the opener', async ({
  page,
}) => {
  await page.goto('/pricing');
  // The footer's button tags the request with the page it is on, not "Footer".
  const footerButton = page.locator('footer').getByRole('button', { name: 'Contact sales' });
  await footerButton.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  for (const text of [
    'Please enter your name',
    'Please enter a valid email address',
    'Please tell us how we can help',
  ]) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(/String must contain|Invalid email|Required/)).toHaveCount(0);
  await dialog.getByLabel('Business Email').fill('not-an-email');
  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Please enter a valid email address', { exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(footerButton).toBeFocused();

  await footerButton.click();
  await expect(dialog).toBeVisible();
  for (const label of ['Name', 'Business Email', 'How can we help?']) {
    await expect(dialog.getByLabel(label)).toHaveValue('');
    await expect(dialog.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog.getByText('Please enter a valid email address')).toHaveCount(0);

  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Business Email').fill('grace@example.com');
  await dialog.getByLabel('How can we help?').fill(uniqueTag('footer'));
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/contacts'));
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ pageName: 'Pricing' });
  await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
  await expect(footerButton).toBeFocused();
});

test('the server answers field errors in the same plain words', async ({ page }) => {
  await page.goto('/');
  const res = await page.request.post('/api/contacts', {
    data: { name: ' ', email: 'nope', message: '', pageName: 'Home' },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
  expect(body.error.details.fields).toEqual({
    name: ['Please enter your name'],
    email: ['Please enter a valid email address'],
    message: ['Please tell us how we can help'],
  });
});

test('a rate-limited contact or sign-up request says how long to wait', async ({ page }) => {
  await page.route('**/api/contacts', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '40' },
      body: JSON.stringify({
        error: { code: 'RATE_LIMITED', message: 'Too many requests', details: { retry_after_seconds: 40 } },
        request_id: 'x',
      }),
    }),
  );
  await page.goto('/pricing');
  await page.locator('main [data-contact]:visible').first().click();
  const dialog = await fillContact(page, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
  });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('Too many requests. Please try again in 40 seconds.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.locator('[data-signup]:visible').first().click();
  const signup = page.getByTestId('signup-dialog');
  await signup.getByLabel('Email').fill('someone@example.com');
  await signup.getByRole('button', { name: 'Submit Request' }).click();
  await expect(
    page.getByText('Too many requests. Please try again in 40 seconds.', { exact: true }).last(),
  ).toBeVisible();
  await expect(signup).toBeVisible();
});
