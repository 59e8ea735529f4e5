/**
 * The islands' one way to call the functions: `request(operation, ...)` builds
 * the URL from the operation's contract, sends cookies, sends a JSON body (or a FormData upload)
 * with its content type, and answers `{ ok: true, data }` parsed with the operation's response
 * schema or `{ ok: false, error }` with a typed error read from the documented error body.
 * Nothing throws, and nothing retries: a failed mutation must not be sent twice behind the
 * visitor's back.
 */
import type { z } from 'zod';
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from './contracts/errors';
import type { OperationContract } from './contracts/operation';

/** What went wrong: a documented error code, no answer at all, or an answer not in the contract. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE';

export interface ApiClientError {
  /** HTTP status; 0 when no answer arrived (network failure, aborted). */
  status: number;
  code: ClientErrorCode;
  /**
   * The server's message from the documented error body; else `status: body text` (or status
   * text) for an undocumented answer; else the browser's own message for a network failure.
   */
  message: string;
  /** Field errors of a 400 INVALID_REQUEST (`details.fields`), keyed by field path. */
  fields: Record<string, string[]>;
  /** Seconds to wait before trying again, when the server said (`Retry-After`; 429, 503). */
  retryAfter: number | undefined;
  /** `error.details` of the documented error body (null when none). */
  details: unknown;
  /** True when the caller aborted the request (its signal). */
  aborted: boolean;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiClientError };

/**
 * What a page tells people about a failed call: the server's documented message, else
 * `fallback` (no answer at all, or one outside the contract, whose text is not meant for people).
 */
export function messageForPeople(error: Pick<ApiClientError, 'code' | 'message'>, fallback: string): string {
  return error.code === 'NETWORK_ERROR' || error.code === 'BAD_RESPONSE' || !error.message
    ? fallback
    : error.message;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What `request` takes for an operation: its path params, query, body (or an upload) and a signal. */
export type RequestOptions<Op extends OperationContract> = {
  signal?: AbortSignal | undefined;
} & (Op['params'] extends z.ZodType ? { params: Input<Op['params']> } : { params?: undefined }) &
  (Op['query'] extends z.ZodType ? { query?: Partial<Input<Op['query']>> } : { query?: undefined }) &
  (Op['body'] extends z.ZodType
    ? { body: Input<Op['body']> | (Op['multipartBody'] extends z.ZodType ? FormData : never) }
    : { body?: undefined });

/** The parsed success body of an operation. */
export type ResponseOf<Op extends OperationContract> = z.output<Op['response']['schema']>;

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

/** A path or query value as text. Only scalars have one: an object would be sent as "[object Object]". */
function paramText(name: string, value: unknown): string {
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  )
    return String(value);
  throw new TypeError(`Parameter "${name}" must be a string, number or boolean`);
}

/** The URL of an operation: `{name}` path segments filled (encoded), then the query string. */
export function operationUrl(
  op: Pick<OperationContract, 'path'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${name}" for ${op.path}`);
    return encodeURIComponent(paramText(name, value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, paramText(key, value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function clientError(
  status: number,
  code: ClientErrorCode,
  message: string,
  extra: Partial<ApiClientError> = {},
): ApiClientError {
  return {
    status,
    code,
    message,
    fields: {},
    retryAfter: undefined,
    details: null,
    aborted: false,
    ...extra,
  };
}

/** The typed error of a non-OK answer, from the documented error body when it is one. */
export function errorFromResponse(
  status: number,
  statusText: string,
  text: string,
  retryAfterHeader: string | null,
): ApiClientError {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = errorBodySchema.safeParse(json);
  if (!body.success)
    return clientError(status, 'BAD_RESPONSE', `${status}: ${text.trim() || statusText}`, { retryAfter });
  const { code, message, details } = body.data.error;
  const fields: Record<string, string[]> = {};
  const raw = isRecord(details) && isRecord(details['fields']) ? details['fields'] : {};
  for (const [key, value] of Object.entries(raw))
    if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === 'string');
  const known = Object.hasOwn(ERROR_STATUS, code);
  return clientError(
    status,
    known ? (code as ErrorCode) : 'BAD_RESPONSE',
    message || `${status}: ${statusText}`,
    { fields, retryAfter, details: details ?? null },
  );
}

/** Calls `op` and returns its parsed answer or a typed error; never throws. */
export async function request<Op extends OperationContract>(
  op: Op,
  ...args: object extends RequestOptions<Op> ? [options?: RequestOptions<Op>] : [options: RequestOptions<Op>]
): Promise<ApiResult<ResponseOf<Op>>> {
  const options = (args[0] ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal | undefined;
  };
  const init: RequestInit = { method: op.method, credentials: 'include' };
  if (options.body instanceof FormData)
    init.body = options.body; // the browser sets the multipart boundary
  else if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  let res: Response;
  let text: string;
  try {
    res = await fetch(operationUrl(op, options.params, options.query), init);
    text = await res.text();
  } catch (error) {
    const aborted = error instanceof Error && error.name === 'AbortError';
    return {
      ok: false,
      error: clientError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error), {
        aborted,
      }),
    };
  }
  if (!res.ok)
    return {
      ok: false,
      error: errorFromResponse(res.status, res.statusText, text, res.headers.get('Retry-After')),
    };
  let json: unknown = null;
  try {
    if (text) json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: clientError(res.status, 'BAD_RESPONSE', `${res.status}: the answer is not JSON`),
    };
  }
  const parsed = op.response.schema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: clientError(
        res.status,
        'BAD_RESPONSE',
        `${res.status}: the answer does not match the ${op.operationId} contract`,
      ),
    };
  return { ok: true, data: parsed.data as ResponseOf<Op>, status: res.status };
}

/* ---------------------------------------------------------------------------------------------
 * A tiny query cache: data never goes stale by itself and is not refetched on focus or polled;
 * a mutation calls `invalidate(key)` and subscribers load again.
 * ------------------------------------------------------------------------------------------- */

/** A query key: path segments joined with '/' (the URL the data comes from). */
export type QueryKey = readonly (string | number)[];

const cache = new Map<string, Promise<ApiResult<unknown>>>();
const listeners = new Map<string, Set<() => void>>();

function keyId(key: QueryKey | string): string {
  return typeof key === 'string' ? key : key.map(String).join('/');
}

/** Cached result for `key`, loaded once with `load`; a failed result is not cached (the next call tries again). */
export function query<T>(key: QueryKey, load: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const id = keyId(key);
  let entry = cache.get(id) as Promise<ApiResult<T>> | undefined;
  if (!entry) {
    entry = load();
    cache.set(id, entry);
    void entry.then((result) => {
      if (!result.ok && cache.get(id) === entry) cache.delete(id);
    });
  }
  return entry;
}

/** Drops every cached entry whose key is `key` or lies below it, and tells their subscribers. */
export function invalidate(key: QueryKey | string): void {
  const prefix = keyId(key);
  const matches = (id: string) => id === prefix || id.startsWith(`${prefix}/`) || id.startsWith(`${prefix}?`);
  for (const id of [...cache.keys()]) if (matches(id)) cache.delete(id);
  for (const [id, set] of listeners) if (matches(id)) for (const fn of set) fn();
}

/** Calls `listener` whenever `key` (or a key it is a prefix of) is invalidated. */
export function subscribe(key: QueryKey | string, listener: () => void): () => void {
  const id = keyId(key);
  let set = listeners.get(id);
  if (!set) listeners.set(id, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
