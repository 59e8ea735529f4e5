/**
 * What every contract shares: the error codes of an image endpoint, those an API key adds, and
 * the stored example exchanges (content/examples) a contract may name. Examples stay names here;
 * the OpenAPI builder (src/lib/openapi/) looks them up, so the stored bodies never ship to the
 * browser with a contract an island imports.
 */
import type { ErrorCode } from './errors';
import type { ExampleName } from '../examples';

/** What any endpoint that reads a JSON (or form) body may answer about the body itself. */
export const JSON_BODY_ERRORS = [
  'INVALID_REQUEST',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
] as const satisfies readonly ErrorCode[];

/** What any call may meet on our side: an unexpected failure, or the database or engine away. */
export const SERVER_ERRORS = [
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** The errors of every endpoint that analyses one image given by URL or upload (keyless demos answer exactly these). */
export const IMAGE_ERRORS = [
  ...JSON_BODY_ERRORS,
  'METHOD_NOT_ALLOWED',
  'INVALID_IMAGE',
  'IMAGE_FETCH_FAILED',
  'IMAGE_URL_NOT_ALLOWED',
  'RATE_LIMITED',
  ...SERVER_ERRORS,
] as const satisfies readonly ErrorCode[];

/** What an API key adds: a missing or revoked key, no subscription to the API, the monthly quota spent. */
export const KEY_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'QUOTA_EXCEEDED',
] as const satisfies readonly ErrorCode[];

/** What starting a job on the batch queue may answer (POST /api/predict_batch, POST /api/v1/inspections). */
export const JOB_CREATE_ERRORS = [
  ...JSON_BODY_ERRORS,
  'UNAUTHORIZED',
  'FORBIDDEN',
  'METHOD_NOT_ALLOWED',
  'IDEMPOTENCY_KEY_REUSED',
  'IMAGE_URL_NOT_ALLOWED',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  ...SERVER_ERRORS,
] as const satisfies readonly ErrorCode[];

/** What reading a job back may answer (another account's job is NOT_FOUND). */
export const JOB_READ_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  ...SERVER_ERRORS,
] as const satisfies readonly ErrorCode[];

/** Stored exchanges (content/examples) shown as both request and response examples, in this order. */
export function storedExchanges(...names: ExampleName[]): {
  request: ExampleName[];
  response: ExampleName[];
} {
  return { request: names, response: names };
}
