/**
 * The tabs of the docs index (Endpoints, Examples, Errors, Performance). Which panel shows is
 * decided by CSS from `<html data-docs-tab>`, set by DocsTabs' inline script before the first
 * paint (from the URL's hash); this keeps the ARIA state in step, opens the tab holding a
 * linked anchor, and handles clicks and arrow keys. Does nothing on pages without docs tabs.
 */
import { bindTabKeys, markSelectedTab } from '../lib/tabs';

export function initDocsTabs(): void {
  const root = document.documentElement;
  const buttons = [...document.querySelectorAll<HTMLElement>('[data-docs-tab-button]')];
  if (buttons.length === 0) return;
  const tabIds = buttons.map((b) => b.dataset['docsTabButton'] ?? '');

  function activate(id: string): void {
    if (!tabIds.includes(id)) return;
    root.dataset['docsTab'] = id;
    markSelectedTab(
      buttons,
      buttons.find((b) => b.dataset['docsTabButton'] === id),
    );
  }

  /** Opens the tab holding the hash target; scrolls to it when it is deeper than the tab top. */
  function followHash(scroll: boolean): void {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    const panel = target?.closest<HTMLElement>('[data-docs-panel]');
    const tab = panel?.dataset['docsPanel'];
    if (!target || !tab) return;
    activate(tab);
    // The browser could not scroll to the target while its panel was hidden.
    if (scroll) target.scrollIntoView();
  }

  activate(root.dataset['docsTab'] ?? tabIds[0] ?? '');
  followHash(false);
  window.addEventListener('hashchange', () => followHash(true));

  for (const button of buttons) {
    button.addEventListener('click', () => {
      const id = button.dataset['docsTabButton'] ?? '';
      activate(id);
      // replaceState: the URL names the open tab without adding history entries or scrolling.
      history.replaceState(null, '', `#${id}`);
    });
  }
  bindTabKeys(buttons, (target) => target.click());
}
