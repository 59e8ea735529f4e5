import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../ci/check-links';
import { measure } from '../ci/size-budget';
import { fileFor, idsOf, routeOf, tags } from './built-site';

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'built-site-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}

describe('built site helpers', () => {
  it('maps files to routes and routes back to files', () => {
    expect(routeOf('index.html')).toBe('/');
    expect(routeOf('industries/retail.html')).toBe('/industries/retail');
    const dist = site({ 'index.html': '', 'docs.html': '', 'a/b.html': '' });
    expect(fileFor(dist, '/')).toBe(join(dist, 'index.html'));
    expect(fileFor(dist, '/docs')).toBe(join(dist, 'docs.html'));
    expect(fileFor(dist, '/a/b/')).toBe(join(dist, 'a/b.html'));
    expect(fileFor(dist, '/missing')).toBeNull();
  });

  it('reads tags and ids but not markup inside scripts', () => {
    const html = `<a href="/x" class='y'>x</a><script>const s = '<a href="/nope">';</script><h2 id="intro">`;
    expect(tags(html, new Set(['a'])).map((t) => t.attrs['href'])).toEqual(['/x']);
    expect([...idsOf(html)]).toEqual(['intro']);
  });
});

describe('link check', () => {
  it('reports missing pages and missing anchors, and accepts function routes', () => {
    const dist = site({
      'index.html':
        '<a href="/docs#quick-start">ok</a><a href="/docs#nope">bad anchor</a><a href="/gone">bad</a><a href="/api/apis">fn</a><a href="https://example.com">ext</a>',
      'docs.html': '<h2 id="quick-start">Quick start</h2><a href="#quick-start">self</a>',
    });
    const result = checkLinks(dist);
    expect(result.broken.map((b) => b.href).sort()).toEqual(['/docs#nope', '/gone']);
  });
});

describe('size budget', () => {
  it('counts static imports as page JS, islands separately, and skips dynamic imports', () => {
    const big = 'x'.repeat(5000);
    const dist = site({
      'index.html':
        '<link rel="stylesheet" href="/_astro/a.css"><script type="module" src="/_astro/page.js"></script><astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>',
      '_astro/page.js': `import{a}from"./shared.js";import("./lazy.js");console.log(a)`,
      '_astro/shared.js': 'export const a=1;',
      '_astro/lazy.js': `console.log("${big}")`,
      '_astro/island.js': 'import"./client.js";export default 1;',
      '_astro/client.js': 'export const r=1;',
      '_astro/a.css': 'body{color:red}',
    });
    const [page] = measure(dist);
    expect(page!.pageJs).toBeGreaterThan(0);
    expect(page!.pageJs).toBeLessThan(200); // lazy.js (5 KB) is not counted
    expect(page!.islandJs).toBeGreaterThan(0);
    expect(page!.css).toBeGreaterThan(0);
  });
});
