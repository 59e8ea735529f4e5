/**
 * Card grids that never leave one card alone on its last row. A grid of `count` cards gets the
 * widest column count (up to `max`) that fills every row, else the widest whose last row holds
 * at least two cards; at the two-column width an odd last card spans both columns.
 */

/** Columns on wide screens for `count` cards: full rows, or a last row of two or more. */
export function balancedColumns(count: number, max: 2 | 3 | 4 = 4): 1 | 2 | 3 | 4 {
  if (count <= 1) return 1;
  const wide = ([4, 3] as const).filter((columns) => columns <= Math.min(max, count));
  // Full rows first, then a last row of two or more; two columns always work (see below).
  return wide.find((columns) => count % columns === 0) ?? wide.find((columns) => count % columns >= 2) ?? 2;
}

// Literal class strings, so Tailwind finds them in this file.
const COLUMN_CLASSES = {
  1: '',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** At two columns (small screens, or a two-column grid) an odd last card spans the row. */
const SPAN_ODD_LAST_BELOW_LG = 'sm:max-lg:[&>:last-child:nth-child(odd)]:col-span-2';
const SPAN_ODD_LAST = 'sm:[&>:last-child:nth-child(odd)]:col-span-2';

/** Tailwind classes for a grid of `count` cards (add `grid` and the gap yourself). */
export function balancedGridClass(count: number, max: 2 | 3 | 4 = 4): string {
  const columns = balancedColumns(count, max);
  if (columns === 1) return '';
  const span = count % 2 === 1 ? (columns === 2 ? SPAN_ODD_LAST : SPAN_ODD_LAST_BELOW_LG) : '';
  return [COLUMN_CLASSES[columns], span].filter(Boolean).join(' ');
}
