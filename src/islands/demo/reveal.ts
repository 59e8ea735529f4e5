/**
 * Below Tailwind's `lg` breakpoint the demo and tester columns stack, so the results a run
 * produces land below the fold; this scrolls them into view there. Wide layouts show them
 * beside the form and are left alone.
 */
export const STACKED_LAYOUT_QUERY = '(max-width: 1023.98px)';

/** Scrolls `el` to the top of the viewport on stacked (phone and tablet) layouts. */
export function revealOnStackedLayout(el: Element | null | undefined): void {
  if (!el || typeof window === 'undefined' || !window.matchMedia(STACKED_LAYOUT_QUERY).matches) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
