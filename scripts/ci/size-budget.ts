/**
 * Prints the JavaScript and CSS each built page ships (gzip), split into the page's own
 * scripts and its islands, and fails when a marketing, industry, pricing, docs or API reference page ships more
 * than the budget of JS beyond what its islands need.
 * Usage: tsx scripts/ci/size-budget.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, tags } from '../lib/built-site';
import { parseCli } from '../lib/cli';

/** Page JS (gzip bytes) allowed beyond islands on the pages the budget covers. */
export const PAGE_JS_BUDGET = 15 * 1024;
const BUDGETED =
  /^\/(pricing|real-estate-analysis|ai-image-detection|similar-images|photo-authentication|virtual-inspection|industries\/.+|docs|docs\/.+)$/;

// Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`. A
// dynamic `import("./x.js")` loads on demand and is not part of what the page ships up front.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;

export interface PageSize {
  route: string;
  pageJs: number;
  islandJs: number;
  css: number;
}

export function measure(dist: string): PageSize[] {
  const gz = new Map<string, number>();
  const gzipOf = (file: string) => {
    let n = gz.get(file);
    if (n === undefined) gz.set(file, (n = gzipSync(readFileSync(file)).length));
    return n;
  };
  const closure = (entry: string, into: Set<string>) => {
    if (into.has(entry)) return;
    into.add(entry);
    const code = readFileSync(entry, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      const file = spec.startsWith('/') ? join(dist, spec) : resolve(entry, '..', spec);
      closure(file, into);
    }
  };
  const importsOfInline = (code: string, into: Set<string>) => {
    for (const m of code.matchAll(STATIC_IMPORT)) if (m[1]!.startsWith('/')) closure(join(dist, m[1]!), into);
  };

  return builtPages(dist).map((page) => {
    const pageFiles = new Set<string>();
    const islandFiles = new Set<string>();
    let inline = 0;
    for (const m of page.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = m[1] ?? '';
      const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
      if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
      if (src) {
        if (src.startsWith('/')) closure(join(dist, src), pageFiles);
      } else {
        inline += gzipSync(m[2] ?? '').length;
        importsOfInline(m[2] ?? '', pageFiles);
      }
    }
    for (const island of tags(page.html, new Set(['astro-island']))) {
      for (const key of ['component-url', 'renderer-url']) {
        const url = island.attrs[key];
        if (url?.startsWith('/')) closure(join(dist, url), islandFiles);
      }
    }
    let css = 0;
    for (const t of tags(page.html, new Set(['link']))) {
      if (t.attrs['rel'] === 'stylesheet' && t.attrs['href']?.startsWith('/'))
        css += gzipOf(join(dist, t.attrs['href']));
    }
    for (const m of page.html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g))
      css += gzipSync(m[1] ?? '').length;
    const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipOf(f), 0);
    const onlyPage = [...pageFiles].filter((f) => !islandFiles.has(f));
    return { route: page.route, pageJs: sum(onlyPage) + inline, islandJs: sum(islandFiles), css };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = parseCli('Usage: tsx scripts/ci/size-budget.ts [dist]', { allowPositionals: true });
  const rows = measure(resolve(positionals[0] ?? 'dist'));
  console.log(
    `${'page'.padEnd(38)}${'page JS'.padStart(9)}${'islands'.padStart(9)}${'CSS'.padStart(9)}  (gzip)`,
  );
  const over: string[] = [];
  for (const r of rows) {
    const budgeted = BUDGETED.test(r.route);
    const flag = budgeted ? (r.pageJs > PAGE_JS_BUDGET ? '  OVER BUDGET' : '  within budget') : '';
    if (budgeted && r.pageJs > PAGE_JS_BUDGET) over.push(r.route);
    console.log(`${r.route.padEnd(38)}${kb(r.pageJs)}${kb(r.islandJs)}${kb(r.css)}${flag}`);
  }
  console.log(
    `size budget: ${rows.filter((r) => BUDGETED.test(r.route)).length} budgeted pages, ${over.length} over ${PAGE_JS_BUDGET / 1024} KB of page JS`,
  );
  process.exit(over.length > 0 ? 1 : 0);
}
