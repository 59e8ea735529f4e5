import { describe, expect, it } from 'vitest';
import { prefersHtml } from './negotiate';

describe('prefersHtml', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', true],
    ['text/html', true],
    ['application/xhtml+xml', true],
    ['TEXT/HTML; q=0.5, application/json; q=0.4', true],
  ])('a browser-like %s gets the page', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['*/*'],
    ['application/json'],
    ['application/json, text/plain, */*'],
    ['text/html, application/json'],
    ['text/html;q=0.5, application/json'],
    ['text/html;q=0.5, application/*;q=0.9'],
    ['text/html;q=0'],
    ['text/plain, */*;q=0.1'],
  ])('a program sending %s gets JSON', (accept) => {
    expect(prefersHtml(accept)).toBe(false);
  });
});
