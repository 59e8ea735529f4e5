/**
 * Where sign-up and log-in send the visitor afterwards (`?next=`), and the marker that reopens
 * the subscribe dialog on return. Only same-origin relative paths are followed: anything else
 * (another origin, `//host`, `/\host`, `javascript:`) falls back to the dashboard, so the
 * forms cannot be used to bounce visitors to another site.
 */

export const DEFAULT_NEXT = '/dashboard';

/** `next` when it is a safe same-origin path (with its query and hash), else `/dashboard`. */
export function safeNext(next: string | null | undefined): string {
  if (!next) return DEFAULT_NEXT;
  const value = next.trim();
  // A single leading slash and no backslashes or control characters: `//x` and `/\x` are other hosts.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are rejected
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value))
    return DEFAULT_NEXT;
  try {
    const base = 'https://optiq.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_NEXT;
    // The sign-in pages themselves would loop.
    if (/^\/(login|signup)\/?$/.test(url.pathname)) return DEFAULT_NEXT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT;
  }
}

/** `/login?next=...` (or `/signup`), for a page to send a signed-out visitor to. */
export function authUrl(page: 'login' | 'signup', next: string): string {
  const safe = safeNext(next);
  return safe === DEFAULT_NEXT && page === 'signup'
    ? '/signup'
    : `/${page}?${new URLSearchParams({ next: safe })}`;
}

/** The subscribe choice carried through sign-in: `?subscribe=<api id>&tier=<tier>`. */
export interface SubscribeMarker {
  apiId: string;
  /** Tier id (`testing`, `standard`, `premium`). */
  tier: string;
}

/** `path` (pathname + search of the current page) with the subscribe marker added. */
export function withSubscribeMarker(path: string, marker: SubscribeMarker): string {
  const url = new URL(path, 'https://optiq.invalid');
  url.searchParams.set('subscribe', marker.apiId);
  url.searchParams.set('tier', marker.tier);
  return `${url.pathname}${url.search}`;
}

/** The marker in a page's query string, or null. */
export function readSubscribeMarker(search: string): SubscribeMarker | null {
  const params = new URLSearchParams(search);
  const apiId = params.get('subscribe')?.trim();
  const tier = params.get('tier')?.trim();
  if (!apiId || !tier || !/^[a-z0-9-]{1,100}$/.test(apiId) || !/^[a-z0-9-]{1,32}$/.test(tier)) return null;
  return { apiId, tier };
}

/** `path` without the marker, for `history.replaceState` once the dialog has reopened. */
export function withoutSubscribeMarker(path: string): string {
  const url = new URL(path, 'https://optiq.invalid');
  url.searchParams.delete('subscribe');
  url.searchParams.delete('tier');
  return `${url.pathname}${url.search}${url.hash}`;
}
