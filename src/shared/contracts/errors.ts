import { z } from 'zod';
import '../schemas/zod-config';

/**
 * Every error code an endpoint may answer with, and the HTTP statuses it comes with (the first
 * is the usual one).
 * The server throws them (`HttpError`), islands read them (`api-client`), the OpenAPI
 * document and the docs' Errors tables are generated from this table.
 */
export const ERROR_STATUS = {
  INVALID_REQUEST: [400],
  INVALID_JSON: [400],
  UNAUTHORIZED: [401],
  FORBIDDEN: [403],
  NOT_FOUND: [404],
  METHOD_NOT_ALLOWED: [405],
  CONFLICT: [409],
  PAYLOAD_TOO_LARGE: [413],
  UNSUPPORTED_MEDIA_TYPE: [415],
  INVALID_IMAGE: [422],
  NO_IMAGE_ANALYSED: [422],
  /** 422 when the image's server answered but not with an image; 502 when it could not be reached in time. */
  IMAGE_FETCH_FAILED: [422, 502],
  IMAGE_URL_NOT_ALLOWED: [422],
  RATE_LIMITED: [429],
  QUOTA_EXCEEDED: [429],
  INTERNAL_ERROR: [500],
  SERVICE_UNAVAILABLE: [503],
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const errorCodes = Object.keys(ERROR_STATUS) as ErrorCode[];
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode][number];

/** The documented error body: `{ error: { code, message, details }, request_id }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable error code, e.g. INVALID_REQUEST.'),
      message: z.string().describe('What went wrong, in a sentence a person can act on.'),
      details: z.unknown().nullable().describe('Extra data for the code, e.g. `fields` for validation errors; null when none.'),
    })
    .describe('The error: its code, a readable message and details.'),
    request_id: z.string().describe('Id of this request; quote it when you contact support.'),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every error answer.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
