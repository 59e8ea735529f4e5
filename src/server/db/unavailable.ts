/**
 * Telling "the database is away" apart from a bug. A restart, a failover, a frozen or
 * unreachable server are passing conditions: the request is answered 503 with `Retry-After`,
 * not 500, and the process carries on. Pure (no driver imports), so the HTTP layer can use it.
 */
import { HttpError } from '../http/errors';

/** A query the client stopped waiting for (see `withQueryTimeout` in ./client). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DB_QUERY_TIMEOUT';
  constructor(ms: number) {
    super(`Database query timed out after ${ms} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** Seconds a client is told to wait before trying again. */
export const DB_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'DB_QUERY_TIMEOUT',
]);

/**
 * SQLSTATEs of a server that is going away, starting up, overloaded or cancelled a statement
 * for running too long: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 57014 query_canceled (statement_timeout), 53300 too_many_connections. Class 08 (connection
 * exception) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** node-postgres, pg-pool and Neon's driver report these without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Query read timeout$/,
  // Neon's driver when neither WebSocket nor fetch could open its socket.
  /^All attempts to open a WebSocket to connect to the database failed/,
];

/**
 * Neon's driver speaks to the database over a WebSocket and passes on the socket's `error`
 * event as it is: an `ErrorEvent` (Node's WebSocket, `ws`), not an `Error`, with no code and, by
 * the WebSocket standard, no detail ("Received network error or non-101 status code."). Any
 * such event is the network: refused, reset, unreachable, or a proxy that answered no upgrade.
 */
function isWebSocketErrorEvent(error: object): boolean {
  return !(error instanceof Error) && (error as { type?: unknown }).type === 'error' && 'target' in error;
}

function matches(error: unknown, depth: number): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((re) => re.test(message))) return true;
  if (isWebSocketErrorEvent(error)) return true;
  // Node reports a failed connect to several addresses as an AggregateError; wrappers set `cause`.
  if (Array.isArray(errors) && errors.some((e) => matches(e, depth + 1))) return true;
  return matches(cause, depth + 1);
}

/** Whether `error` means the database cannot be reached or answer right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

let lastLogAt = 0;

/** Logs a database connection error, at most once a second, without its connection details. */
export function logDatabaseError(error: unknown): void {
  const now = Date.now();
  if (now - lastLogAt < 1_000) return;
  lastLogAt = now;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  console.error(
    `[db] database unavailable: ${typeof code === 'string' ? `${code} ` : ''}${typeof message === 'string' ? message : String(error)}`,
  );
}

/**
 * The documented 503 for a database that is away, or null when `error` is something else.
 * The cause is logged (throttled) and never echoed.
 */
export function databaseUnavailableError(error: unknown): HttpError | null {
  if (!isDatabaseUnavailable(error)) return null;
  logDatabaseError(error);
  return new HttpError(
    503,
    'SERVICE_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again shortly.',
    {
      details: { retry_after_seconds: DB_RETRY_AFTER_SECONDS },
      headers: { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) },
    },
  );
}
