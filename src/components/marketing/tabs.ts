/**
 * Accessible tabs for static pages (WAI-ARIA tabs pattern, automatic activation). Markup:
 * a `[data-tabs]` root holding `[role=tablist]` buttons with `role="tab"` and `aria-controls`,
 * and the `[role=tabpanel]` elements they name. Arrow keys, Home and End move between tabs.
 */

/** Index of the tab a key press moves to, or `undefined` for keys tabs ignore. */
export function nextTabIndex(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

function select(tabs: HTMLElement[], index: number, focus: boolean): void {
  tabs.forEach((tab, i) => {
    const active = i === index;
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !active;
  });
  if (focus) tabs[index]?.focus();
}

/** Wires every `[data-tabs]` root on the page. */
export function initTabs(root: ParentNode = document): void {
  for (const container of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const tabs = [...container.querySelectorAll<HTMLElement>('[role="tab"]')];
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => select(tabs, i, false));
      tab.addEventListener('keydown', (event) => {
        const next = nextTabIndex(event.key, i, tabs.length);
        if (next === undefined) return;
        event.preventDefault();
        select(tabs, next, true);
      });
    });
  }
}
