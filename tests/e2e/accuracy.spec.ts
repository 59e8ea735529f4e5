import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/e2e/axe';
import {
  ACCURACY_API_IDS,
  accuracyCardSchema,
  type AccuracyCard,
  type Proportion,
} from '../../src/shared/schemas/accuracy';

/**
 * The accuracy cards as the built site shows them: every figure on each reference page's
 * #accuracy section and on /docs/accuracy is compared with the committed JSON (formatted here
 * independently of the site's own formatter), an API without a card says so, and the section
 * reads at desktop and phone widths.
 */

const dir = join(process.cwd(), 'content', 'accuracy');
const cards: AccuracyCard[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => accuracyCardSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
const measured = new Set(cards.map((c) => c.api));

const pct = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;
const ci = (p: Proportion) => `${pct(p.ci95[0])} to ${pct(p.ci95[1])}`;
const counts = (p: Proportion) => `${p.successes} of ${p.trials}`;

async function expectHeadline(root: Locator, card: AccuracyCard) {
  await expect(root.locator('tr[data-metric]')).toHaveCount(card.metrics.length);
  for (const m of card.metrics) {
    const row = root.locator(`tr[data-metric="${m.key}"]`);
    await expect(row.getByRole('rowheader')).toHaveText(m.label);
    await expect(row.locator('[data-figure="value"]')).toHaveText(pct(m.value));
    await expect(row.locator('[data-figure="ci"]')).toHaveText(ci(m));
    await expect(row.locator('[data-figure="counts"]')).toHaveText(counts(m));
  }
}

async function openAccuracy(page: Page, api: string): Promise<Locator> {
  await page.goto(`/docs/${api}#accuracy`);
  const section = page.locator('section#accuracy');
  await expect(section.getByRole('heading', { level: 2, name: /Accuracy/ })).toBeVisible();
  return section;
}

for (const card of cards) {
  test(`${card.api}: the reference page's #accuracy section shows every figure of its card`, async ({
    page,
  }) => {
    const section = await openAccuracy(page, card.api);
    const root = section.locator(`[data-accuracy-card="${card.api}"][data-measured="true"]`);
    await expect(root).toBeVisible();
    await expect(root.getByText(card.summary)).toBeVisible();
    await expect(root.locator('[data-figure="measured_on"]')).toHaveText(card.measured_at.slice(0, 10));
    await expect(root.locator('[data-figure="commit"]')).toHaveText(card.commit);
    await expect(root.locator('[data-figure="command"]')).toHaveText(card.command);
    await expectHeadline(root, card);

    for (const set of card.sets) {
      const row = root.locator(`tr[data-set="${set.id}"]`);
      await expect(row.getByRole('rowheader')).toHaveText(set.name);
      await expect(row.locator('[data-figure="size"]')).toHaveText(String(set.size));
    }

    await expect(root.locator('tr[data-class-row]')).toHaveCount(card.per_class.length);
    for (const [i, row] of card.per_class.entries()) {
      const tr = root.locator(`tr[data-class-row="${i}"]`);
      await expect(tr.getByRole('rowheader')).toHaveText(row.label);
      for (const kind of ['precision', 'recall', 'accuracy'] as const) {
        const p = row[kind];
        const cell = tr.locator(`[data-figure="${kind}"]`);
        if (!p) {
          if ((await cell.count()) > 0) await expect(cell).toHaveText(/not measured/);
          continue;
        }
        await expect(cell.locator('[data-part="value"]')).toHaveText(pct(p.value));
        await expect(cell.locator('[data-part="ci"]')).toHaveText(ci(p));
        await expect(cell.locator('[data-part="counts"]')).toHaveText(counts(p));
      }
    }

    await expect(root.locator('tr[data-latency]')).toHaveCount(card.latency.length);
    for (const [i, l] of card.latency.entries()) {
      const tr = root.locator(`tr[data-latency="${i}"]`);
      await expect(tr.getByRole('rowheader')).toHaveText(l.what);
      await expect(tr.locator('[data-figure="n"]')).toHaveText(String(l.n));
      await expect(tr.locator('[data-figure="p50"]')).toHaveText(`${Math.round(l.p50_ms)} ms`);
      await expect(tr.locator('[data-figure="p99"]')).toHaveText(`${Math.round(l.p99_ms)} ms`);
      await expect(tr.locator('[data-figure="load"]')).toHaveText(
        `${l.load_average.map((x) => x.toFixed(2)).join(', ')} on ${l.cpus} cores`,
      );
    }

    for (const s of card.scores)
      await expect(root.getByRole('rowheader', { name: s.field, exact: true })).toBeVisible();
    for (const f of card.failure_modes) await expect(root.getByText(f, { exact: true })).toBeVisible();
  });
}

for (const api of ACCURACY_API_IDS.filter((id) => !measured.has(id))) {
  test(`${api}: a reference page without a card says it is not measured yet`, async ({ page }) => {
    const section = await openAccuracy(page, api);
    await expect(section.locator(`[data-accuracy-card="${api}"][data-measured="false"]`)).toContainText(
      'Not measured yet',
    );
    await expect(section.locator('[data-figure]')).toHaveCount(0);
  });
}

test('/docs/accuracy lists every API, each card headline as in its JSON', async ({ page }) => {
  await page.goto('/docs/accuracy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accuracy of every API');
  await expect(page.locator('[data-accuracy-overview]')).toHaveCount(ACCURACY_API_IDS.length);
  for (const id of ACCURACY_API_IDS) {
    const section = page.locator(`[data-accuracy-overview="${id}"]`);
    const card = cards.find((c) => c.api === id);
    if (!card) {
      await expect(section).toHaveAttribute('data-measured', 'false');
      await expect(section).toContainText('Not measured yet');
      continue;
    }
    await expectHeadline(section, card);
    await expect(section.getByRole('link', { name: /Full card/ })).toHaveAttribute(
      'href',
      `/docs/${id}#accuracy`,
    );
  }
});

test('/docs links the accuracy overview, and the reference page lists its Accuracy section', async ({
  page,
}) => {
  await page.goto('/docs');
  await page
    .locator('section[aria-labelledby="accuracy"]')
    .getByRole('link', { name: 'accuracy overview' })
    .click();
  await expect(page).toHaveURL(/\/docs\/accuracy$/);
  await page.goto('/docs/photo-authenticity');
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Accuracy' })
    .click();
  await expect(page).toHaveURL(/#accuracy$/);
  await expect(page.locator('section#accuracy')).toBeInViewport();
});

for (const width of [1280, 390]) {
  test(`the #accuracy section reads at ${width} px: no page overflow, tables scroll in their own region, no axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const section = await openAccuracy(page, 'photo-authenticity');
    await expect(section.getByRole('table').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Wide tables scroll inside a named, focusable region rather than widening the page.
    for (const region of await section.locator('.docs-table-wrap').all()) {
      const box = await region.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
      await expect(region).toHaveAttribute('tabindex', '0');
      await expect(region).toHaveAttribute('aria-label', /\w/);
    }
    const violations = await axeViolations(page, { include: 'section#accuracy' });
    expect(violations.map((v) => `${v.id}: ${v.targets.length}`)).toEqual([]);
  });
}
