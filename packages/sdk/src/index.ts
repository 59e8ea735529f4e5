/**
 * The Optiq SDK: a typed client for every operation of the OpenAPI document (/openapi.json),
 * on openapi-fetch. Paths, parameters, bodies and responses are typed from the document
 * (`npm run sdk:generate` regenerates the types), and errors carry the API's error body.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './generated/openapi.js';
import { DEFAULT_BASE_URL } from './generated/base-url.js';

export type { components, operations, paths } from './generated/openapi.js';
export { DEFAULT_BASE_URL };

/** The error body every operation answers with on a 4xx or 5xx. */
export type ErrorBody = components['schemas']['ErrorBody'];

/** A typed client of the Optiq APIs. */
export type OptiqClient = Client<paths>;

export interface OptiqClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** An API key from the dashboard (`optiq_live_...`), sent as `Authorization: Bearer <key>`. */
  apiKey?: string | undefined;
  /** The site's origin; the API lives under its `/api/`. Default: the document's server. */
  baseUrl?: string | undefined;
}

/**
 * A client of the Optiq APIs. Every call answers `{ data, error, response }`: `data` is the
 * typed response body on success, `error` the typed error body otherwise (or use `unwrap`).
 */
export function createOptiqClient({ apiKey, baseUrl, ...options }: OptiqClientOptions = {}): OptiqClient {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (apiKey) headers.set('Authorization', `Bearer ${apiKey}`);
  return createClient<paths>({
    ...options,
    baseUrl: (baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    headers: Object.fromEntries(headers),
  });
}

/** An error answer of the API: its HTTP status and the documented error body's fields. */
export class OptiqError extends Error {
  override readonly name = 'OptiqError';
  /** The error code, e.g. `UNAUTHORIZED`, `QUOTA_EXCEEDED`, `INVALID_REQUEST`. */
  readonly code: string;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    body: unknown,
  ) {
    const parsed = isErrorBody(body) ? body : undefined;
    super(parsed?.error.message ?? `HTTP ${status}`);
    this.code = parsed?.error.code ?? `HTTP_${status}`;
    this.details = parsed?.error.details ?? null;
    this.requestId = parsed?.request_id;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The response body of a successful call; an `OptiqError` for an error answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new OptiqError(result.response.status, result.error);
}

/**
 * The multipart body serializer for uploads: pass it as `bodySerializer` with a body whose file
 * field is a `Blob` (e.g. `new Blob([await readFile(path)], { type: 'image/jpeg' })`). Other
 * fields are sent as text.
 */
export function multipart(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      form.append(name, String(value));
    else form.append(name, JSON.stringify(value));
  }
  return form;
}
