import { z } from 'zod';
import './zod-config';

/**
 * The shapes of the dashboard's request log (`GET /api/account/requests`; its operation:
 * src/shared/contracts/account.ts): each keyed API call of the account in the last 30 days,
 * with its request and response bodies truncated and no image bytes.
 */

/** Days a logged request is listed and kept. */
export const REQUEST_LOG_DAYS = 30;
/** Rows kept per account at most (the oldest beyond it are pruned hourly). */
export const REQUEST_LOG_MAX_ROWS = 10_000;
/** Page sizes of the list. */
export const REQUEST_LOG_PAGE = { default: 25, max: 100 } as const;

export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const requestLogQuerySchema = z.object({
  api: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Only calls to this API (catalogue id, e.g. `image-object-detection`).'),
  key: z
    .uuid({ message: 'key must be the id of one of your API keys' })
    .optional()
    .describe('Only calls made with this key (its id).'),
  status: z
    .enum(STATUS_CLASSES, { message: 'status must be 2xx, 4xx or 5xx' })
    .optional()
    .describe('Only answers of this status class: `2xx`, `4xx` or `5xx`.'),
  before: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('`next_cursor` of the previous page; leave out for the newest calls.'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REQUEST_LOG_PAGE.max, `limit must be at most ${REQUEST_LOG_PAGE.max}`)
    .default(REQUEST_LOG_PAGE.default)
    .describe(`Calls per page (1-${REQUEST_LOG_PAGE.max}, default ${REQUEST_LOG_PAGE.default}).`),
});
export type RequestLogQuery = z.output<typeof requestLogQuerySchema>;

export const loggedUploadSchema = z.object({
  field: z.string().describe('Form field the file was sent in, e.g. `file`.'),
  filename: z.string().describe('File name the client gave.'),
  size: z.number().int().describe('Size in bytes.'),
  type: z.string().describe('Media type the client gave, e.g. `image/jpeg`.'),
});
export type LoggedUpload = z.infer<typeof loggedUploadSchema>;

export const loggedRequestSchema = z
  .object({
    id: z.string().describe('Id of the log entry.'),
    at: z.string().describe('When the call arrived (ISO 8601).'),
    api_id: z.string().describe('Catalogue id of the API called.'),
    key: z
      .object({
        id: z.string().describe('Key id.'),
        name: z.string().describe('Name of the key.'),
        prefix: z.string().describe('Recognisable start of the key.'),
        last4: z.string().describe('Last four characters of the key.'),
      })
      .nullable()
      .describe('The key used; null for a call from this site with your session.'),
    method: z.string().describe('HTTP method.'),
    path: z.string().describe('Path and query string called, e.g. `/api/v1/detect`.'),
    status: z.number().int().describe('HTTP status of the answer.'),
    duration_ms: z.number().int().describe('Time to answer in milliseconds.'),
    images: z.number().int().describe('Images the call analysed (and counted).'),
    request: z
      .object({
        kind: z
          .enum(['json', 'multipart', 'other'])
          .nullable()
          .describe('Body type: JSON, a multipart upload, something else, or null without a body.'),
        headers: z
          .record(z.string(), z.string())
          .describe('Request headers worth replaying (e.g. `Idempotency-Key`); never the key.'),
        body: z
          .string()
          .nullable()
          .describe(
            'The JSON body (base64 data and long texts shortened; image URLs kept), or the text fields of a form as JSON.',
          ),
        truncated: z.boolean().describe('True when the body was cut to the stored size.'),
        uploads: z.array(loggedUploadSchema).describe('Files uploaded (named, not stored).'),
      })
      .describe('What was sent.'),
    response: z
      .object({
        body: z.string().nullable().describe('The JSON answer, cut to a few KB.'),
        truncated: z.boolean().describe('True when the answer was cut to the stored size.'),
      })
      .describe('What was answered.'),
  })
  .meta({ id: 'LoggedRequest', description: 'One API call of the account, as the request log keeps it.' });
export type LoggedRequest = z.infer<typeof loggedRequestSchema>;

export const requestLogPageSchema = z.object({
  requests: z.array(loggedRequestSchema).describe('Calls of this page, newest first.'),
  next_cursor: z
    .string()
    .nullable()
    .describe('Pass as `before` for the next (older) page; null on the last page.'),
});
export type RequestLogPage = z.infer<typeof requestLogPageSchema>;
