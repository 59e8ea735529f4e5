import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/** Pages that must not be listed: the admin page and the not-found pages. */
const EXCLUDED = /^(c|404|api-not-found|use-case-not-found)$/;

/** Path of a built page from Astro's `pathname` ('' is the home page). */
export function sitemapPath(pathname: string): string | null {
  const clean = pathname.replace(/^\/+|\/+$/g, '');
  if (EXCLUDED.test(clean)) return null;
  return clean === '' ? '/' : `/${clean}`;
}

/** Renders the sitemap XML for absolute page URLs. */
export function sitemapXml(urls: string[]): string {
  const items = urls.map((u) => `  <url><loc>${u.replace(/&/g, '&amp;')}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/** Writes `sitemap.xml` and `robots.txt` for every pre-rendered page after the build. */
export function sitemap(): AstroIntegration {
  let site: URL | undefined;
  return {
    name: 'optiq-sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = config.site ? new URL(config.site) : undefined;
      },
      'astro:build:done': async ({ dir, pages }) => {
        if (!site) throw new Error('Set `site` in astro.config.mjs to generate the sitemap.');
        const paths = [
          ...new Set(pages.map((p) => sitemapPath(p.pathname)).filter((p): p is string => p !== null)),
        ].sort();
        const urls = paths.map((p) => new URL(p, site).href);
        await writeFile(new URL('sitemap.xml', dir), sitemapXml(urls));
        const robots = `User-agent: *\nAllow: /\nDisallow: /c\n\nSitemap: ${new URL('/sitemap.xml', site).href}\n`;
        await writeFile(new URL('robots.txt', dir), robots);
      },
    },
  };
}
