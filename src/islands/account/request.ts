/**
 * The account islands' one way to call the account endpoints: the path, method and schemas come
 * from the operation's contract, the answer comes back typed, and any failure (an error body,
 * an unreadable answer, no network) comes back as a typed error a form can show. Cookies go
 * along (same origin); nothing is retried, so a mutation is never sent twice.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../shared/contracts/errors';
import type { OperationContract } from '../../shared/contracts/operation';

export interface RequestError {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** Documented error code (`INVALID_REQUEST`, `CONFLICT`...), `NETWORK_ERROR` or `BAD_RESPONSE`. */
  code: string;
  message: string;
  /** Field errors from `details.fields` (field -> messages); empty when none. */
  fields: Record<string, string[]>;
  /** Seconds to wait before trying again, when the server said (`Retry-After`). */
  retryAfterSeconds?: number;
}

export type RequestResult<T> = { ok: true; data: T } | { ok: false; error: RequestError };

type BodyOf<O> = O extends OperationContract<infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : never) : never;
type ResponseOf<O> = O extends OperationContract<z.ZodType | undefined, infer R> ? z.output<R> : never;

export interface RequestInit<O> {
  params?: Record<string, string>;
  body?: BodyOf<O>;
  signal?: AbortSignal;
}

/** `/api/account/keys/{id}` with `{ id: 'a b' }` -> `/api/account/keys/a%20b`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Reads a failed answer's documented error body; a body of another shape keeps the status text. */
export function toRequestError(status: number, text: string, statusText = '', retryAfter?: string | null): RequestError {
  const retry = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Math.max(1, Number(retryAfter.trim())) : undefined;
  const base: RequestError = {
    status,
    code: 'BAD_RESPONSE',
    message: `${status}: ${statusText || 'Request failed'}`,
    fields: {},
    ...(retry === undefined ? {} : { retryAfterSeconds: retry }),
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return base;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return base;
  const { code, message, details } = parsed.data.error;
  return { ...base, code, message, fields: fieldsOf(details) };
}

function fieldsOf(details: unknown): Record<string, string[]> {
  if (typeof details !== 'object' || details === null) return {};
  const raw = (details as Record<string, unknown>)['fields'];
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) out[key] = messages;
  }
  return out;
}

/** Calls `operation` and returns its parsed answer or a typed error; never throws (except on abort). */
export async function request<O extends OperationContract>(operation: O, init: RequestInit<O> = {}): Promise<RequestResult<ResponseOf<O>>> {
  const url = fillPath(operation.path, init.params);
  const hasBody = init.body !== undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method: operation.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
      ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    return { ok: false, error: { status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.', fields: {} } };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) return { ok: false, error: toRequestError(res.status, text, res.statusText, res.headers.get('Retry-After')) };
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    return { ok: false, error: { status: res.status, code: 'BAD_RESPONSE', message: 'The server sent an answer the page could not read.', fields: {} } };
  }
  const parsed = operation.response.schema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: { status: res.status, code: 'BAD_RESPONSE', message: 'The server sent an answer the page could not read.', fields: {} } };
  }
  return { ok: true, data: parsed.data as ResponseOf<O> };
}
