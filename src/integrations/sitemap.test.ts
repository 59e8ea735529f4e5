import { describe, expect, it } from 'vitest';
import { sitemapPath, sitemapXml } from './sitemap';

describe('sitemap', () => {
  it('maps built page paths to URLs and leaves out admin and not-found pages', () => {
    expect(sitemapPath('')).toBe('/');
    expect(sitemapPath('industries/retail/')).toBe('/industries/retail');
    expect(sitemapPath('c')).toBeNull();
    expect(sitemapPath('404')).toBeNull();
    expect(sitemapPath('api-not-found')).toBeNull();
    expect(sitemapPath('use-case-not-found/')).toBeNull();
  });

  it('escapes URLs in the XML', () => {
    expect(sitemapXml(['https://x.test/a?b=1&c=2'])).toContain('<loc>https://x.test/a?b=1&amp;c=2</loc>');
  });
});
