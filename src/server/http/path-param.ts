import { HttpError } from './errors';

/**
 * The one path segment after `prefix` (e.g. `/api/apis/` -> the id), decoded. Read from the
 * URL rather than Netlify's `context.params` so handlers run the same in tests and locally.
 * Anything deeper or empty is a 404: no such resource.
 */
export function pathParam(req: Request, prefix: string): string {
  const { pathname } = new URL(req.url);
  if (!pathname.startsWith(prefix)) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  const raw = pathname.slice(prefix.length).replace(/\/$/, '');
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw new HttpError(404, 'NOT_FOUND', 'Not found');
  }
  if (!value || value.includes('/')) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return value;
}

/** True when the request path is exactly `path` (ignoring one trailing slash). */
export function isPath(req: Request, path: string): boolean {
  return new URL(req.url).pathname.replace(/(.)\/$/, '$1') === path;
}
