/** localStorage key holding the chosen sample language. */
export const CODE_LANG_KEY = 'optiq:code-lang';

let counter = 0;

/**
 * A page-unique element id for ARIA relations (tab -> panel). A running counter keeps builds
 * deterministic; uniqueness per page is all that matters, not across pages.
 */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter.toString(36)}`;
}

const pagesWithLangBoot = new WeakSet<object>();

/**
 * True the first time it is called for a page render, so the language boot script is
 * emitted once per page however many CodeTabs the page holds.
 */
export function firstLangBoot(request: object): boolean {
  if (pagesWithLangBoot.has(request)) return false;
  pagesWithLangBoot.add(request);
  return true;
}
