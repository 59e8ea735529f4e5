import { describe, expect, it } from 'vitest';
import { nextTabIndex } from './tabs';

describe('nextTabIndex', () => {
  it('moves with the arrow keys and wraps at both ends', () => {
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowLeft', 2, 3)).toBe(1);
    expect(nextTabIndex('ArrowDown', 1, 3)).toBe(2);
    expect(nextTabIndex('ArrowUp', 0, 2)).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
  });

  it('ignores other keys and empty lists', () => {
    expect(nextTabIndex('Enter', 1, 3)).toBeUndefined();
    expect(nextTabIndex('a', 1, 3)).toBeUndefined();
    expect(nextTabIndex('ArrowRight', 0, 0)).toBeUndefined();
  });

  it('moves only with the arrow pair of its orientation', () => {
    expect(nextTabIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(nextTabIndex('ArrowUp', 0, 3, 'vertical')).toBe(2);
    expect(nextTabIndex('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
    expect(nextTabIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(nextTabIndex('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
    expect(nextTabIndex('End', 0, 3, 'vertical')).toBe(2);
  });
});
