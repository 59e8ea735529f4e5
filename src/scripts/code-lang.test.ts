import { describe, expect, it } from 'vitest';
import { parseCodeLang, tabKeyTarget } from './code-lang';

describe('parseCodeLang', () => {
  it('accepts the three sample languages', () => {
    expect(parseCodeLang('curl')).toBe('curl');
    expect(parseCodeLang('javascript')).toBe('javascript');
    expect(parseCodeLang('python')).toBe('python');
  });

  it('rejects unknown, empty and missing values', () => {
    expect(parseCodeLang('ruby')).toBeUndefined();
    expect(parseCodeLang('Python')).toBeUndefined();
    expect(parseCodeLang('')).toBeUndefined();
    expect(parseCodeLang(null)).toBeUndefined();
    expect(parseCodeLang(undefined)).toBeUndefined();
  });
});

describe('tabKeyTarget', () => {
  it('moves with the arrow keys and wraps at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 0, 4)).toBe(3);
  });

  it('ignores other keys', () => {
    expect(tabKeyTarget('Enter', 1, 3)).toBeUndefined();
    expect(tabKeyTarget('a', 1, 3)).toBeUndefined();
  });
});
