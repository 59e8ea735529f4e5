import { describe, expect, it } from 'vitest';
import {
  authUrl,
  readSubscribeMarker,
  safeNext,
  withoutSubscribeMarker,
  withSubscribeMarker,
} from './next-path';

describe('safeNext', () => {
  it('follows same-origin relative paths with their query and hash', () => {
    expect(safeNext('/api/image-object-detection?subscribe=image-object-detection&tier=testing')).toBe(
      '/api/image-object-detection?subscribe=image-object-detection&tier=testing',
    );
    expect(safeNext('/docs#auth')).toBe('/docs#auth');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    ' ',
    '/\t/evil.example',
    '/login',
    '/signup/',
  ])('falls back to the dashboard for %j', (next) => {
    expect(safeNext(next)).toBe('/dashboard');
  });

  it('falls back to the dashboard without a next', () => {
    expect(safeNext(null)).toBe('/dashboard');
    expect(safeNext(undefined)).toBe('/dashboard');
  });
});

describe('authUrl', () => {
  it('carries the page to return to', () => {
    expect(authUrl('login', '/apis')).toBe('/login?next=%2Fapis');
    expect(authUrl('signup', '/api/x?subscribe=x&tier=standard')).toBe(
      '/signup?next=%2Fapi%2Fx%3Fsubscribe%3Dx%26tier%3Dstandard',
    );
  });
});

describe('subscribe marker', () => {
  it('round-trips through a page URL and can be removed again', () => {
    const path = withSubscribeMarker('/apis?q=room', { apiId: 'image-object-detection', tier: 'premium' });
    expect(path).toBe('/apis?q=room&subscribe=image-object-detection&tier=premium');
    expect(readSubscribeMarker(new URL(path, 'http://x').search)).toEqual({
      apiId: 'image-object-detection',
      tier: 'premium',
    });
    expect(withoutSubscribeMarker(path)).toBe('/apis?q=room');
  });

  it('ignores a missing or malformed marker', () => {
    expect(readSubscribeMarker('?subscribe=image-object-detection')).toBeNull();
    expect(readSubscribeMarker('?subscribe=%3Cscript%3E&tier=testing')).toBeNull();
    expect(readSubscribeMarker('')).toBeNull();
  });
});
