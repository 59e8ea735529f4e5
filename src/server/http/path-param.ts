import { HttpError } from './errors';

/**
 * The one path segment after `prefix` (e.g. `/api/apis/` -> the id), decoded. Read from the
 * URL rather than Netlify's `context.params` so handlers run the same in tests and locally.
 * Anything deeper, empty, malformed (`%ZZ`) or holding control characters (`%00`) is a 404:
 * no such resource.
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
  // No id holds a slash or a control character (NUL would even fail the database query).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are rejected
  if (!value || value.includes('/') || /[\u0000-\u001f\u007f]/.test(value)) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return value;
}

/** True when the request path is exactly `path` (ignoring one trailing slash). */
export function isPath(req: Request, path: string): boolean {
  return new URL(req.url).pathname.replace(/(.)\/$/, '$1') === path;
}
