import type { z } from 'zod';
import { databaseUnavailableError } from '../db/unavailable';
import {
  isSafeText,
  jsonDepthExceeds,
  SAFE_TEXT_MESSAGE,
  unsafeTextFields,
} from '../../shared/schemas/safe-text';
import { resolveClientIp } from '../rate-limit/client-address';
import { HttpError, toHttpError, validationError, type ErrorBody } from './errors';

/** Header carrying the request id on every function response. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Context passed to a handler body: the request id already chosen for this request. */
export interface HandlerContext {
  requestId: string;
  /** The client's address from the runtime, never from a client-written header (client-address.ts). */
  clientIp: string;
  /** Added to every response of this request, errors included (e.g. the rate-limit state). */
  headers: Headers;
  /** Keeps work running after the response is handed back (the runtime's); absent: await it inline. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  /** The path parameters of the matched `config.path` (`:id` -> `params.id`), as the router built them. */
  params: Readonly<Record<string, string>>;
}

/** What the runtime passes beside the request: Netlify's `Context`, or the local runtime's. */
export interface RuntimeContext {
  ip?: string;
  /** Netlify Functions v2 `context.waitUntil`; the local runtime gives the same. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Netlify Functions v2 `context.params`: the matched route's parameters; the local runtime gives the same. */
  params?: Record<string, string>;
}

/** Sent on every function response: JSON is never rendered, framed or sniffed as something else. */
const baseHeaders = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** A JSON response with the request id header. */
export function json(data: unknown, ctx: HandlerContext, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  for (const [k, v] of Object.entries(baseHeaders)) if (!headers.has(k)) headers.set(k, v);
  headers.set(REQUEST_ID_HEADER, ctx.requestId);
  ctx.headers.forEach((value, key) => {
    if (!headers.has(key)) headers.set(key, value);
  });
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The documented error body for an HttpError. */
export function errorResponse(error: HttpError, ctx: HandlerContext): Response {
  const body: ErrorBody = {
    error: { code: error.code, message: error.message, details: error.details ?? null },
    request_id: ctx.requestId,
  };
  return json(body, ctx, { status: error.status, headers: error.headers });
}

/**
 * Wraps a function body: assigns a request id, checks the method, maps HttpError (and the domain
 * errors `toHttpError` knows, such as an engine's full queue) to the documented error body, a
 * database that is away to 503 SERVICE_UNAVAILABLE with Retry-After, and anything unexpected to
 * a generic 500 that is logged, not echoed.
 */
export function defineHandler(
  /** The methods served; a function when they differ by path (a collection and its items). */
  methods: readonly string[] | ((req: Request, ctx: HandlerContext) => readonly string[]),
  body: (req: Request, ctx: HandlerContext) => Promise<Response>,
): (req: Request, runtime?: RuntimeContext) => Promise<Response> {
  return async (req, runtime) => {
    const ctx: HandlerContext = {
      requestId: crypto.randomUUID(),
      clientIp: resolveClientIp(req, runtime?.ip),
      headers: new Headers(),
      waitUntil: runtime?.waitUntil,
      params: runtime?.params ?? {},
    };
    try {
      const allowed = typeof methods === 'function' ? methods(req, ctx) : methods;
      if (!allowed.includes(req.method)) {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed`, {
          headers: { Allow: allowed.join(', ') },
        });
      }
      return await body(req, ctx);
    } catch (error) {
      const known = toHttpError(error);
      if (known) return errorResponse(known, ctx);
      const unavailable = databaseUnavailableError(error);
      if (unavailable) return errorResponse(unavailable, ctx);
      console.error(`[${ctx.requestId}] unhandled error`, error);
      return errorResponse(new HttpError(500, 'INTERNAL_ERROR', 'Internal server error'), ctx);
    }
  };
}

/** Default cap on a JSON request body. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads the whole body, refusing more than `maxBytes` (declared in Content-Length, or as it
 * streams) without buffering past the cap: 413 PAYLOAD_TOO_LARGE with `message` if given.
 */
export async function readBodyBytes(
  req: Request,
  maxBytes: number,
  message?: string,
): Promise<Buffer<ArrayBuffer>> {
  const refuse = () =>
    message === undefined ? tooLarge(maxBytes) : new HttpError(413, 'PAYLOAD_TOO_LARGE', message);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw refuse();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the body as UTF-8 text, refusing more than `maxBytes` without buffering it all. */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, maxBytes));
}

/** 400 INVALID_REQUEST naming every field that holds a NUL character (none: nothing thrown). */
export function refuseUnsafeText(fields: Record<string, string[]>): void {
  const names = Object.keys(fields);
  if (names.length === 0) return;
  throw new HttpError(
    400,
    'INVALID_REQUEST',
    `${names[0] === '_' ? 'Request' : names[0]}: ${SAFE_TEXT_MESSAGE}`,
    { details: { fields } },
  );
}

/**
 * Reads a multipart/form-data body under a byte cap (413 with `message`) and parses it with
 * the platform parser: 400 INVALID_REQUEST when it does not parse, or when a field name or a
 * text field holds a NUL character (the check JSON bodies get in `readJson`).
 */
export async function readForm(req: Request, maxBytes: number, message?: string): Promise<FormData> {
  const body = await readBodyBytes(req, maxBytes, message);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'Content-Type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new HttpError(400, 'INVALID_REQUEST', 'The multipart form could not be parsed');
  }
  const unsafe: Record<string, string[]> = {};
  for (const [key, value] of form) {
    if (!isSafeText(key)) unsafe[key.replaceAll('\u0000', '\\u0000')] = [SAFE_TEXT_MESSAGE];
    else if (typeof value === 'string' && !isSafeText(value)) unsafe[key] = [SAFE_TEXT_MESSAGE];
  }
  refuseUnsafeText(unsafe);
  return form;
}

/** Deepest nesting of arrays and objects a JSON body may have (none of the contracts comes close). */
export const MAX_JSON_DEPTH = 64;

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBytes} bytes`);
}

/**
 * Reads and validates a JSON body: 415 for another content type, 413 when too large,
 * 400 INVALID_JSON when it does not parse, 400 INVALID_REQUEST with field errors when it
 * does not match the schema.
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  { maxBytes = DEFAULT_MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  const text = await readBodyText(req, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
  // Recursive code further on (JSON.stringify, the database's JSON parser) would overflow its
  // stack on a hostile document thousands of levels deep.
  if (jsonDepthExceeds(data, MAX_JSON_DEPTH)) {
    const message = `Nested more than ${MAX_JSON_DEPTH} levels deep`;
    // Named by the top-level field that holds the depth, as a schema error would be.
    const field =
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? Object.entries(data).find(([, v]) => jsonDepthExceeds(v, MAX_JSON_DEPTH - 1))?.[0]
        : undefined;
    throw new HttpError(400, 'INVALID_REQUEST', `${field ?? 'Request body'}: ${message}`, {
      details: field ? { fields: { [field]: [message] } } : null,
    });
  }
  // The database cannot store NUL in text or JSON: refused here once for every endpoint.
  refuseUnsafeText(unsafeTextFields(data));
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
