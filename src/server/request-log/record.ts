/**
 * Logging one API call to the request log from `runApiCall`: the request's body is copied as
 * the call starts and read back, with the answer, after the response is handed back (one insert).
 * A failure to log is written to the server log and never fails or delays the call.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { databaseUnavailableError } from '../db/unavailable';
import { HttpError, toHttpError, type ErrorBody } from '../http/errors';
import { captureRequest, RESPONSE_BODY_MAX_CHARS, shortenJson } from './capture';
import { insertRequestLog } from './repository';

/** Who made the call and what it counted (the usage event's fields). */
export interface LoggedCall {
  userId: string;
  keyId: string | null;
  apiId: string;
  method: string;
  status: number;
  images: number;
  durationMs: number;
  at: Date;
}

/** The documented error body the handler answers for `error` (as `defineHandler` maps it). */
export function errorBodyFor(error: unknown, requestId: string): ErrorBody {
  const known =
    toHttpError(error) ??
    databaseUnavailableError(error) ??
    new HttpError(500, 'INTERNAL_ERROR', 'Internal server error');
  return {
    error: { code: known.code, message: known.message, details: known.details ?? null },
    request_id: requestId,
  };
}

/** Starts the log entry of a call; `record` writes it (resolves, never rejects). */
export function startRequestLog(
  db: Kysely<Database>,
  req: Request,
): (call: LoggedCall, response: unknown) => Promise<void> {
  const readRequest = captureRequest(req);
  const url = new URL(req.url);
  return async (call, response) => {
    try {
      await insertRequestLog(db, {
        ...call,
        path: url.pathname + url.search,
        request: await readRequest(),
        response: response === undefined ? null : shortenJson(response, RESPONSE_BODY_MAX_CHARS),
      });
    } catch (error) {
      console.error('request log: could not record a call', error);
    }
  };
}
