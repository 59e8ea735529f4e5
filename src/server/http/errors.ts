import { z } from 'zod';

/** Error codes a function may answer with; documented in /docs (Errors tab). */
export const errorCodes = [
  'INVALID_REQUEST',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INVALID_IMAGE',
  'IMAGE_FETCH_FAILED',
  'IMAGE_URL_NOT_ALLOWED',
  'NO_IMAGE_ANALYSED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** The documented error body: `{ error: { code, message, details }, request_id }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().nullable(),
  }),
  request_id: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The one error type functions throw on purpose. Anything else that escapes a handler is
 * logged and answered as a generic 500, never echoed.
 */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    status: ErrorStatus,
    code: ErrorCode,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = options.details ?? null;
    this.headers = options.headers ?? {};
  }
}

/** Field errors keyed by dotted path, the `details` of a validation failure. */
export type FieldErrors = Record<string, string[]>;

/** Turns a zod error into `{ "field.path": ["message", ...] }` for forms to show under each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A 400 INVALID_REQUEST carrying field errors. */
export function validationError(error: z.ZodError): HttpError {
  const details = fieldErrors(error);
  const first = Object.entries(details)[0];
  const message = first ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1][0]}` : 'Invalid request';
  return new HttpError(400, 'INVALID_REQUEST', message, { details: { fields: details } });
}
