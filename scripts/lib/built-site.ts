import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One page of the built site. */
export interface BuiltPage {
  /** File path relative to the build folder, e.g. `industries/retail.html`. */
  file: string;
  /** URL path the page is served at, e.g. `/industries/retail`. */
  route: string;
  html: string;
}

/** Lists the HTML pages of a build folder (`dist/` by default). */
export function builtPages(dist: string): BuiltPage[] {
  const out: BuiltPage[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) {
        const file = relative(dist, path).split(sep).join('/');
        out.push({ file, route: routeOf(file), html: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(dist);
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

/** URL path of a built file: `index.html` -> `/`, `docs.html` -> `/docs`. */
export function routeOf(file: string): string {
  const noExt = file.replace(/\.html$/, '');
  if (noExt === 'index') return '/';
  return `/${noExt.replace(/\/index$/, '')}`;
}

/** The build file that serves a URL path, or null when there is none. */
export function fileFor(dist: string, path: string): string | null {
  const clean = decodeURIComponent(path).replace(/\/+$/, '') || '/';
  const candidates =
    clean === '/'
      ? ['index.html']
      : [clean.slice(1), `${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`];
  for (const c of candidates) {
    const full = join(dist, c);
    if (existsSync(full) && statSync(full).isFile()) return full;
  }
  return null;
}

/** A start tag of the given names with its attributes (Astro emits well-formed, quoted HTML). */
export interface Tag {
  name: string;
  attrs: Record<string, string>;
}

const TAG_RE = /<([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR_RE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Start tags of the document, skipping the content of `<script>` and `<style>`. */
export function tags(html: string, names?: ReadonlySet<string>): Tag[] {
  const stripped = html.replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, '<$1$2></$1>');
  const out: Tag[] = [];
  for (const m of stripped.matchAll(TAG_RE)) {
    const name = m[1]!.toLowerCase();
    if (names && !names.has(name)) continue;
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(ATTR_RE)) {
      attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    out.push({ name, attrs });
  }
  return out;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every `id` defined in a page (anchor targets). */
export function idsOf(html: string): Set<string> {
  return new Set(tags(html).flatMap((t) => (t.attrs['id'] ? [t.attrs['id']] : [])));
}
