/**
 * Link check over the built site: every internal href/src must resolve to a built file (or a
 * function route), and every `#fragment` must name an id on the target page.
 * Usage: tsx scripts/ci/check-links.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { builtPages, fileFor, idsOf, tags } from '../lib/built-site';
import { parseCli } from '../lib/cli';

/** Paths served by functions rather than files. */
const FUNCTION_ROUTE = /^\/api\/(apis|use-cases|contacts|v1|demo|auth)(\/|$)/;
/**
 * Pages the docs link to that the accounts work builds (sign-up and the dashboard with API
 * keys and subscriptions). Listed by name so the exception stays visible; once a page exists,
 * the check fails until it is removed from this list.
 */
const LINK_TAGS = new Set(['a', 'link', 'script', 'img', 'source', 'iframe', 'form']);
const SITE = 'https://placeholder.invalid';

export interface BrokenLink {
  page: string;
  href: string;
  reason: string;
}

export function checkLinks(dist: string): { pages: number; links: number; broken: BrokenLink[] } {
  const pages = builtPages(dist);
  const idCache = new Map<string, Set<string>>();
  const idsFor = (file: string) => {
    let ids = idCache.get(file);
    if (!ids) idCache.set(file, (ids = idsOf(readFileSync(file, 'utf8'))));
    return ids;
  };
  const broken: BrokenLink[] = [];
  let links = 0;
  for (const page of pages) {
    for (const tag of tags(page.html, LINK_TAGS)) {
      const raw = tag.attrs['href'] ?? tag.attrs['src'] ?? tag.attrs['action'];
      const values = tag.attrs['srcset']
        ? tag.attrs['srcset'].split(',').map((s) => s.trim().split(/\s+/)[0]!)
        : [];
      for (const href of [raw, ...values]) {
        if (!href || /^(mailto:|tel:|javascript:|data:)/i.test(href)) continue;
        const url = new URL(href, `${SITE}${page.route}`);
        if (url.origin !== SITE) continue; // external: not ours to check offline
        links++;
        if (FUNCTION_ROUTE.test(url.pathname)) continue;
        const file =
          url.pathname === page.route && href.startsWith('#')
            ? fileFor(dist, page.route)
            : fileFor(dist, url.pathname);
        if (!file) {
          broken.push({ page: page.route, href, reason: 'no such file' });
          continue;
        }
        const fragment = decodeURIComponent(url.hash.slice(1));
        if (fragment && file.endsWith('.html') && !idsFor(file).has(fragment)) {
          broken.push({ page: page.route, href, reason: `no element with id "${fragment}"` });
        }
      }
    }
  }
  return { pages: pages.length, links, broken };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = parseCli('Usage: tsx scripts/ci/check-links.ts [dist]', { allowPositionals: true });
  const dist = resolve(positionals[0] ?? 'dist');
  const { pages, links, broken } = checkLinks(dist);
  for (const b of broken) console.error(`BROKEN ${b.page} -> ${b.href} (${b.reason})`);
  console.log(`link check: ${pages} pages, ${links} internal links, ${broken.length} broken`);
  process.exit(broken.length > 0 ? 1 : 0);
}
