/**
 * The built "API Not Found" page (`dist/api-not-found.html`, from src/pages/api-not-found.astro),
 * which a browser asking for an unknown `/api/{id}` gets from the function that answers such
 * paths (functions/api-not-found-pages.ts). Netlify ships the file beside that function
 * (netlify.toml's `included_files`: functions are bundled after the site is built); the local
 * runtime reads the build it serves (`DIST_DIR`, else the project's). Read once per instance.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page's path inside the build, and so inside the function bundle. */
export const NOT_FOUND_PAGE_REL = 'dist/api-not-found.html';

/**
 * What a browser gets if the build is missing (a function run before `npm run build`): the same
 * title, message and way on, without the site's chrome.
 */
export const FALLBACK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>API Not Found</title><meta name="robots" content="noindex"></head><body><main><h1>API Not Found</h1>' +
  '<p>The requested API could not be found.</p><p><a href="/apis">Browse APIs</a> <a href="/">Return Home</a></p></main></body></html>';

function here(): string | undefined {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    // Bundled to CommonJS, `import.meta.url` is empty; the cwd and Lambda root cover that case.
    return undefined;
  }
}

/** `rel` found upwards from this module, the working directory and the Lambda root. */
function findUp(rel: string): string | undefined {
  for (const start of [here(), process.cwd(), process.env['LAMBDA_TASK_ROOT']]) {
    if (!start) continue;
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, rel);
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

const cache = new Map<string, string>();

/** The build's page: under `DIST_DIR` when the local runtime serves another build, else found on disk. */
function builtPage(): string | undefined {
  const distDir = process.env['DIST_DIR'];
  if (distDir && existsSync(join(distDir, 'api-not-found.html'))) return join(distDir, 'api-not-found.html');
  return findUp(NOT_FOUND_PAGE_REL);
}

/** The page's HTML, from `file` when given (tests), else from the build. */
export function apiNotFoundPage(file: string | undefined = builtPage()): string {
  if (!file) return FALLBACK_PAGE;
  let html = cache.get(file);
  if (html === undefined) {
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      // Unreadable: the fallback says the same thing.
      return FALLBACK_PAGE;
    }
    cache.set(file, html);
  }
  return html;
}
