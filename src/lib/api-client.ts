/**
 * The browser's one way to call the functions (spec section 7): cookies always included, JSON
 * body with its content type only when there is a body, and any non-OK answer turned into an
 * `ApiError` whose message is `${status}: ${body text or status text}`. No retries: a failed
 * mutation must not be sent twice behind the visitor's back.
 */

/** A non-OK response. `message` follows the spec; `body` keeps the raw text for `errorInfo`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** Seconds to wait before trying again, from a `Retry-After` header (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: string, retryAfter?: string | null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }
}

/**
 * Reads a `Retry-After` header: delay seconds, or an HTTP date (seconds from `now`). Undefined
 * when absent or unreadable; at least 1 otherwise.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value?.trim()) return undefined;
  const text = value.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** "Too many requests. Please try again in 40 seconds." (whole minutes from a minute on, as the server words it). */
export function rateLimitMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return 'Too many requests. Please wait a moment and try again.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many requests. Please try again in ${wait}.`;
}

/** Sends a request and returns the response, throwing `ApiError` unless it is OK. */
export async function apiRequest(method: string, url: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    ...(hasBody ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, (await res.text().catch(() => '')).trim(), res.headers.get('Retry-After'));
  return res;
}

/** `apiRequest` then the JSON body (null for an empty 204-style answer). */
export async function apiJson<T>(method: string, url: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  const res = await apiRequest(method, url, body, init);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** What a form needs from a failure: a readable message and per-field messages. */
export interface ErrorInfo {
  /** The documented error message when the server sent one, else the spec's `status: text`. */
  message: string;
  /** The error code from the documented error body, if any. */
  code: string | undefined;
  status: number | undefined;
  /** Seconds to wait before trying again, when the server said (`Retry-After`). */
  retryAfterSeconds: number | undefined;
  /** Field errors from a 400 INVALID_REQUEST (`details.fields`), keyed by field path. */
  fields: Record<string, string[]>;
}

/**
 * Reads the documented error body `{ error: { code, message, details }, request_id }` out of an
 * error, falling back to the error's own message (network failures, other bodies).
 */
export function errorInfo(error: unknown): ErrorInfo {
  const base: ErrorInfo = {
    message: error instanceof Error && error.message ? error.message : '',
    code: undefined,
    status: error instanceof ApiError ? error.status : undefined,
    retryAfterSeconds: error instanceof ApiError ? error.retryAfterSeconds : undefined,
    fields: {},
  };
  if (!(error instanceof ApiError) || !error.body) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.body);
  } catch {
    return base;
  }
  const err = isRecord(parsed) && isRecord(parsed['error']) ? parsed['error'] : null;
  if (!err) return base;
  const details = isRecord(err['details']) ? err['details'] : null;
  const rawFields = details && isRecord(details['fields']) ? details['fields'] : {};
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(rawFields)) {
    if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return {
    ...base,
    message: typeof err['message'] === 'string' && err['message'] ? err['message'] : base.message,
    code: typeof err['code'] === 'string' ? err['code'] : undefined,
    fields,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/* ---------------------------------------------------------------------------------------------
 * A tiny query cache: data never goes stale by itself and is not refetched on focus or polled
 * (spec section 9); a mutation calls `invalidate(key)` and subscribers load again.
 * ------------------------------------------------------------------------------------------- */

/** A query key: path segments joined with '/' form the URL the default loader GETs. */
export type QueryKey = readonly (string | number)[];

const cache = new Map<string, Promise<unknown>>();
const listeners = new Map<string, Set<() => void>>();

/** The URL the default loader uses for a key: its segments joined with '/'. */
export function keyToUrl(key: QueryKey): string {
  return key.map(String).join('/');
}

/** Cached data for `key`, loaded once with `loader` (default: GET the joined key). */
export function query<T>(key: QueryKey, loader: () => Promise<T> = () => apiJson<T>('GET', keyToUrl(key))): Promise<T> {
  const id = keyToUrl(key);
  let entry = cache.get(id) as Promise<T> | undefined;
  if (!entry) {
    entry = loader();
    cache.set(id, entry);
    // A failure is not cached: the next call tries again (but nothing retries on its own).
    entry.catch(() => {
      if (cache.get(id) === entry) cache.delete(id);
    });
  }
  return entry;
}

/** Drops every cached entry whose URL is `key` or lies below it, and tells their subscribers. */
export function invalidate(key: QueryKey | string): void {
  const prefix = typeof key === 'string' ? key : keyToUrl(key);
  const matches = (id: string) => id === prefix || id.startsWith(`${prefix}/`) || id.startsWith(`${prefix}?`);
  for (const id of [...cache.keys()]) if (matches(id)) cache.delete(id);
  for (const [id, set] of listeners) if (matches(id)) for (const fn of set) fn();
}

/** Calls `listener` whenever `key` (or a key it is a prefix of) is invalidated. */
export function subscribe(key: QueryKey | string, listener: () => void): () => void {
  const id = typeof key === 'string' ? key : keyToUrl(key);
  let set = listeners.get(id);
  if (!set) listeners.set(id, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
