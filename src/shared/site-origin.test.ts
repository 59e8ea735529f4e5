import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_ORIGIN, siteOriginFromEnv, tokenizeOrigin, withOrigin } from './site-origin';

describe('siteOriginFromEnv', () => {
  it('prefers SITE_URL, then Netlify URL, then the local default', () => {
    expect(siteOriginFromEnv({ SITE_URL: 'http://localhost:5000/', URL: 'https://optiq.example' })).toBe(
      'http://localhost:5000',
    );
    expect(siteOriginFromEnv({ URL: 'https://optiq.example/some/path' })).toBe('https://optiq.example');
    expect(siteOriginFromEnv({})).toBe(DEFAULT_SITE_ORIGIN);
  });
});

describe('withOrigin / tokenizeOrigin', () => {
  it('round-trips the origin through stored examples', () => {
    const live = {
      image_urls: ['https://optiq.example/images/samples/a.jpg'],
      nested: [{ url: 'https://optiq.example/x' }],
      n: 3,
      ok: true,
      none: null,
    };
    const stored = tokenizeOrigin(live, 'https://optiq.example');
    expect(stored.image_urls[0]).toBe('{{origin}}/images/samples/a.jpg');
    expect(withOrigin(stored, 'http://127.0.0.1:4321').nested[0]?.url).toBe('http://127.0.0.1:4321/x');
    expect(withOrigin(stored, 'https://optiq.example')).toEqual(live);
  });
});
