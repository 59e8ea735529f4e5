/**
 * The site's public origin. The API lives on the same origin under `/api/`, so this is also the
 * base URL every documented path and code sample is relative to. Netlify sets `URL` at build
 * time; `npm start` sets `SITE_URL` to the address it serves, so samples copied from a local
 * build run against the local server.
 */

/** Where `npm start` serves by default. */
export const DEFAULT_SITE_ORIGIN = 'http://127.0.0.1:4321';

/** The configured origin: `SITE_URL`, else Netlify's `URL`, else the local default. */
export function siteOriginFromEnv(env: Record<string, string | undefined> = process.env): string {
  const configured = env['SITE_URL']?.trim() || env['URL']?.trim();
  return configured ? new URL(configured).origin : DEFAULT_SITE_ORIGIN;
}

/**
 * Stands for the origin inside stored examples (`content/examples/`), which are generated once
 * and shown on every deployment with that deployment's own origin.
 */
export const ORIGIN_TOKEN = '{{origin}}';

/** A copy of `value` with every `{{origin}}` in its strings replaced by `origin`. */
export function withOrigin<T>(value: T, origin: string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replaceAll(ORIGIN_TOKEN, origin);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The reverse: `origin` in every string of `value` becomes `{{origin}}` (for the example generator). */
export function tokenizeOrigin<T>(value: T, origin: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll(origin, ORIGIN_TOKEN)) as T;
}
