/**
 * Keyboard tabs for static pages (WAI-ARIA tabs pattern with a roving tabindex). One module
 * for every tab strip and menu on the site: the marketing tabs (`[data-tabs]`), the docs
 * reference tabs, the code-sample language tabs and the navigation dropdowns' arrow keys.
 */

/** Which arrow keys move: a horizontal tab strip, a vertical menu, or both pairs. */
export type KeyOrientation = 'horizontal' | 'vertical' | 'both';

/**
 * Index a key press moves to among `count` items, wrapping at both ends (Home and End jump to
 * the ends), or `undefined` for keys that do not move.
 */
export function nextTabIndex(
  key: string,
  current: number,
  count: number,
  orientation: KeyOrientation = 'both',
): number | undefined {
  if (count <= 0) return undefined;
  const horizontal = orientation !== 'vertical';
  const vertical = orientation !== 'horizontal';
  if ((horizontal && key === 'ArrowRight') || (vertical && key === 'ArrowDown')) return (current + 1) % count;
  if ((horizontal && key === 'ArrowLeft') || (vertical && key === 'ArrowUp'))
    return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** Roving tabindex: marks one tab selected and makes it the only tab in the Tab order. */
export function markSelectedTab(tabs: readonly HTMLElement[], selected: HTMLElement | undefined): void {
  for (const tab of tabs) {
    const active = tab === selected;
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
  }
}

/**
 * The item a key press inside `items` should move focus to, or `undefined`. `from` is the item
 * the event started on (it may be outside `items`, e.g. a menu's toggle).
 */
export function keyTarget<T extends HTMLElement>(
  event: KeyboardEvent,
  items: readonly T[],
  from: Element | null,
  orientation: KeyOrientation = 'both',
): T | undefined {
  const current = items.indexOf(from as T);
  if (current === -1) return undefined;
  const next = nextTabIndex(event.key, current, items.length, orientation);
  return next === undefined ? undefined : items[next];
}

/**
 * Wires arrow keys, Home and End on one tab strip: focus moves to the target tab and
 * `activate` runs for it (automatic activation).
 */
export function bindTabKeys(tabs: readonly HTMLElement[], activate: (tab: HTMLElement) => void): void {
  for (const tab of tabs) {
    tab.addEventListener('keydown', (event) => {
      const target = keyTarget(event, tabs, tab);
      if (!target) return;
      event.preventDefault();
      activate(target);
      target.focus();
    });
  }
}

/**
 * Wires every `[data-tabs]` root: `[role=tab]` buttons whose `aria-controls` name the
 * `[role=tabpanel]` they show; the other panels are hidden.
 */
export function initTabs(root: ParentNode = document): void {
  for (const container of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const tabs = [...container.querySelectorAll<HTMLElement>('[role="tab"]')];
    const show = (selected: HTMLElement): void => {
      markSelectedTab(tabs, selected);
      for (const tab of tabs) {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = tab !== selected;
      }
    };
    for (const tab of tabs) tab.addEventListener('click', () => show(tab));
    bindTabKeys(tabs, show);
  }
}
