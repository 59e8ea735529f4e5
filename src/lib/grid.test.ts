import { describe, expect, it } from 'vitest';
import { balancedColumns, balancedGridClass } from './grid';

/** Cards on the last row for `count` cards in `columns` columns. */
const lastRow = (count: number, columns: number) => count % columns || columns;

describe('balancedColumns', () => {
  it('leaves no card alone on the last row', () => {
    for (let count = 2; count <= 12; count++) {
      for (const max of [2, 3, 4] as const) {
        const columns = balancedColumns(count, max);
        expect(columns).toBeLessThanOrEqual(max);
        if (columns > 2)
          expect(lastRow(count, columns), `${count} cards, max ${max}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("balances the site's own grids", () => {
    expect(balancedColumns(5, 3)).toBe(3); // five demos: 3 + 2
    expect(balancedColumns(7)).toBe(4); // seven use cases: 4 + 3
    expect(balancedColumns(7, 3)).toBe(2); // 3 + 3 + 1 would strand one
    expect(balancedColumns(6)).toBe(3);
    expect(balancedColumns(4)).toBe(4);
    expect(balancedColumns(3)).toBe(3);
    expect(balancedColumns(1)).toBe(1);
  });
});

describe('balancedGridClass', () => {
  it('spans an odd last card across two columns below the wide layout', () => {
    expect(balancedGridClass(7)).toBe(
      'sm:grid-cols-2 lg:grid-cols-4 sm:max-lg:[&>:last-child:nth-child(odd)]:col-span-2',
    );
    expect(balancedGridClass(5, 3)).toBe(
      'sm:grid-cols-2 lg:grid-cols-3 sm:max-lg:[&>:last-child:nth-child(odd)]:col-span-2',
    );
    expect(balancedGridClass(6)).toBe('sm:grid-cols-2 lg:grid-cols-3');
    expect(balancedGridClass(3, 2)).toBe('sm:grid-cols-2 sm:[&>:last-child:nth-child(odd)]:col-span-2');
  });
});
