import type { z } from 'zod';
import type { ErrorCode, ErrorStatus } from '../../shared/contracts/errors';
import { PoolBusyError } from '../vision/engine/pool';

export {
  errorBodySchema,
  errorCodes,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type ErrorStatus,
} from '../../shared/contracts/errors';

/**
 * The one error type functions throw on purpose. Anything else that escapes a handler is
 * logged and answered as a generic 500, never echoed.
 */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  /** `status` must be one ERROR_STATUS documents for `code` (errors.test.ts checks the calls). */
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

/**
 * The HttpError an error stands for: itself, or the documented answer to a domain error the
 * services let through (an engine's full queue: 503 SERVICE_UNAVAILABLE with Retry-After).
 * Undefined for anything else, which the handler logs and answers as a generic 500.
 */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof PoolBusyError) {
    const seconds = error.retryAfterSeconds;
    return new HttpError(
      503,
      'SERVICE_UNAVAILABLE',
      `The ${error.queue} queue is full; retry in ${seconds} s`,
      {
        headers: { 'Retry-After': String(seconds) },
      },
    );
  }
  return undefined;
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
