import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the React island `component` (file name, e.g. `LiveTester`) has hydrated, after
 * scrolling `near` into view for islands that hydrate when visible. Astro removes the island's
 * `ssr` attribute once it has hydrated; before that, clicks and typing reach static HTML only.
 */
export async function hydrated(page: Page, component: string, near?: Locator): Promise<void> {
  if (near) await near.scrollIntoViewIfNeeded();
  const island = page.locator(`astro-island[component-url*="/${component}."]`).first();
  await expect(island).toHaveCount(1);
  // Generous: beside the bundle test on two cores, a large island's script can take over 15 s.
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 30_000 });
}

/**
 * Holds back the script of the island `component` until `release()` is called, so a test can
 * act on the server-rendered HTML before hydration.
 */
export async function holdIsland(page: Page, component: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/${component}\\.[^/]*\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return { release: () => release() };
}
