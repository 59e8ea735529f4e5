import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A/AA rules and axe's best practices: what every page is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Serious and critical axe violations on the page as it is laid out now, one line each
 * (rule, impact, help, the first few offending nodes). `include` limits the check to one
 * part of the page (a CSS selector): the cheap way to re-check what an interaction revealed
 * when the rest of the page is checked elsewhere, since axe's cost grows with the page.
 */
export async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations are read: axe then skips building selectors for every passing node, most
  // of its time on a large page (/docs: about a third).
  const builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
