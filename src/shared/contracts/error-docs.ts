/**
 * Documentation of the error codes (example messages, what to do), for the OpenAPI document and
 * the docs. Kept apart from errors.ts so the islands, which read error bodies, do not ship it.
 */
import type { ErrorCode } from './errors';

/**
 * A message the server really answers with for each code (the OpenAPI document's example error
 * bodies). Endpoints word some codes more precisely, e.g. which field is invalid.
 */
export const ERROR_EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  INVALID_REQUEST: 'image_urls: Please provide at least one image URL',
  INVALID_JSON: 'Request body is not valid JSON',
  UNAUTHORIZED: 'Authentication required',
  FORBIDDEN: 'Cross-site request refused',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method PUT is not allowed',
  CONFLICT: 'The request conflicts with the current state of the resource',
  PAYLOAD_TOO_LARGE: 'Request body exceeds 65536 bytes',
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json',
  INVALID_IMAGE: 'The file is not a JPEG, PNG or WebP image',
  NO_IMAGE_ANALYSED: 'No image could be analysed',
  IMAGE_FETCH_FAILED: 'Could not fetch image https://example.com/room.jpg: HTTP 404',
  IMAGE_URL_NOT_ALLOWED: 'Image URL http://10.0.0.1/a.jpg is not allowed: private address',
  RATE_LIMITED: 'Too many requests. Please try again in 40 seconds.',
  QUOTA_EXCEEDED: 'The monthly request quota of this plan is used up',
  INTERNAL_ERROR: 'Internal server error',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};

/** What to do about each code, for the Errors tables of the docs. */
export const ERROR_REMEDIES: Record<ErrorCode, string> = {
  INVALID_REQUEST: 'Fix the fields named in `details.fields` and send again.',
  INVALID_JSON: 'Send a valid JSON body.',
  UNAUTHORIZED: 'Send valid credentials: `Authorization: Bearer <key>` or sign in again.',
  FORBIDDEN: 'Call from the site itself, or use a key allowed to call this API.',
  NOT_FOUND: 'Check the path and the id.',
  METHOD_NOT_ALLOWED: 'Use a method listed in the `Allow` header.',
  CONFLICT: 'Reload the resource and retry with its current state.',
  PAYLOAD_TOO_LARGE: 'Send a smaller body or image.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the documented Content-Type.',
  INVALID_IMAGE: 'Send a JPEG, PNG or WebP image.',
  NO_IMAGE_ANALYSED: 'Check that each URL is a public JPEG, PNG or WebP image (`details.results` says why each failed).',
  IMAGE_FETCH_FAILED: 'Check that the image URL is public and answers quickly with an image.',
  IMAGE_URL_NOT_ALLOWED: 'Use a public http(s) URL on port 80 or 443.',
  RATE_LIMITED: 'Wait for the seconds in `Retry-After`, then retry.',
  QUOTA_EXCEEDED: "Wait for the next billing period or upgrade the plan.",
  INTERNAL_ERROR: 'Retry later; quote `request_id` to support if it persists.',
  SERVICE_UNAVAILABLE: 'Retry after the seconds in `Retry-After`.',
};
