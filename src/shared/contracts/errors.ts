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
  IDEMPOTENCY_KEY_REUSED: [422],
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
    error: z
      .object({
        code: z.string().describe('Machine-readable error code, e.g. INVALID_REQUEST.'),
        message: z.string().describe('What went wrong, in a sentence a person can act on.'),
        details: z
          .unknown()
          .nullable()
          .describe('Extra data for the code, e.g. `fields` for validation errors; null when none.'),
      })
      .describe('The error: its code, a readable message and details.'),
    request_id: z.string().describe('Id of this request; quote it when you contact support.'),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every error answer.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
