/**
 * The site's Content-Security-Policy, with no 'unsafe-inline' for scripts: at build end, every
 * inline script Astro rendered (island hydration, theme, navigation and tab scripts) is hashed
 * and the hashes are allowed by name. The header goes to `dist/_headers`, which Netlify serves
 * in production and the local runtime applies through NetlifyDev, so it always matches the
 * build it is served with; netlify.toml keeps the other security headers.
 *
 * Why not Astro's `security.csp`: it writes a <meta> policy, which cannot carry
 * frame-ancestors and is enforced on top of any header policy (so the header would still need
 * these hashes), and its style hashes would switch off 'unsafe-inline' for the thousands of
 * `style` attributes Shiki renders. Styles keep 'unsafe-inline'; scripts do not.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Script types that are data, not code: CSP does not govern them. */
const DATA_TYPES = new Set(['application/ld+json', 'application/json']);

/** `'sha256-...'` sources for every inline script of a page that the browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && DATA_TYPES.has(type)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The policy for pages whose inline scripts have these hashes. */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the search (Pagefind) compile its WebAssembly; it allows no JS eval.
    `script-src ${["'self'", "'wasm-unsafe-eval'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The `_headers` file (Netlify's format) applying the policy to every path. */
export const headersFile = (scriptHashes: readonly string[]): string =>
  `/*\n  Content-Security-Policy: ${contentSecurityPolicy(scriptHashes)}\n`;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Hashes of the inline scripts of every page in `dir`, deduplicated and sorted. */
export async function siteScriptHashes(dir: string): Promise<string[]> {
  const all = new Set<string>();
  for (const file of await htmlFiles(dir))
    for (const h of inlineScriptHashes(await readFile(file, 'utf8'))) all.add(h);
  return [...all].sort();
}

/** Writes `_headers` with the Content-Security-Policy for every path after the build. */
export function csp(): AstroIntegration {
  return {
    name: 'optiq-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = await siteScriptHashes(root);
        await writeFile(join(root, '_headers'), headersFile(hashes));
        logger.info(`Content-Security-Policy: ${hashes.length} inline script hashes written to _headers`);
      },
    },
  };
}
