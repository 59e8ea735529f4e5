import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe's minified build: half the source of `axe.source`, parsed in half the time by each new page. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A/AA rules and axe's best practices: what every page is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A violation as the page hands it back: the rule, its impact and help, the nodes that break it. */
export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Every axe violation on the page as it is laid out now, of any impact: the rules `tags` names
 * (axe's default rule set when none are given), within `include` (a CSS selector) if given.
 *
 * axe runs in the page itself (`axe.run`, injected once per document): the site has no frames,
 * so `@axe-core/playwright`'s frame-by-frame run, which injects axe again on every call and
 * finishes each in a new blank page, checked the same rules at about three times the cost.
 * Only violations are collected: axe then skips building selectors for every passing node, most
 * of its time on a large page (/docs: about a third).
 */
export async function axeViolations(
  page: Page,
  { include, tags }: { include?: string | undefined; tags?: readonly string[] } = {},
): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([include, tags]): Promise<Violation[]> => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(include ? { include: [include] } : document, {
        ...(tags ? { runOnly: { type: 'tag', values: [...tags] } } : {}),
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    [include, tags] as const,
  );
}

/**
 * Serious and critical violations of the rules every page is held to (`TAGS`), one line each
 * (rule, impact, help, the first few offending nodes). `include` limits the check to one
 * part of the page (a CSS selector): the cheap way to re-check what an interaction revealed
 * when the rest of the page is checked elsewhere, since axe's cost grows with the page.
 */
export async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  return (await axeViolations(page, { include, tags: TAGS }))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.targets.slice(0, 3).join(', ')}`);
}
