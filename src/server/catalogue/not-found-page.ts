/**
 * The built "API Not Found" page (`dist/api-not-found.html`, from src/pages/api-not-found.astro),
 * which a browser asking for an unknown `/api/{id}` gets from the function that answers such
 * paths (functions/api-not-found-pages.ts). Netlify ships the file beside that function
 * (netlify.toml's `included_files`: functions are bundled after the site is built); the local
 * runtime reads the build it serves (`DIST_DIR`, else the project's). Read once per instance.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locate } from '../vision/model-files';

/**
 * What a browser gets if the build is missing (a function run before `npm run build`): the same
 * title, message and way on, without the site's chrome.
 */
export const FALLBACK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>API Not Found</title><meta name="robots" content="noindex"></head><body><main><h1>API Not Found</h1>' +
  '<p>The requested API could not be found.</p><p><a href="/apis">Browse APIs</a> <a href="/">Return Home</a></p></main></body></html>';

const PAGE = 'api-not-found.html';

let located: string | null | undefined;

/**
 * The build's page, looked up once per instance: under `DIST_DIR` when the local runtime serves
 * another build, else `dist/` found upwards from this module, the working directory or the
 * Lambda root (the lookup the model files use); null when there is no build.
 */
function builtPage(): string | undefined {
  if (located === undefined) {
    const distDir = process.env['DIST_DIR'];
    if (distDir && existsSync(join(distDir, PAGE))) located = join(distDir, PAGE);
    else {
      try {
        located = join(locate('API_NOT_FOUND_PAGE_DIR', 'dist', PAGE), PAGE);
      } catch {
        located = null;
      }
    }
  }
  return located ?? undefined;
}

const cache = new Map<string, string>();

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
