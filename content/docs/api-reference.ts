/**
 * What /docs shows beside the endpoints: the shapes it renders them in (every endpoint comes
 * from its contract, through the OpenAPI document: src/lib/docs/docs-groups.ts), the job states,
 * statuses, rate limits, times and limits. Texts and limits follow the product spec, sections
 * 2, 3, 6, 8 and 9.
 */
import type { HttpMethod, JsonValue } from '../../src/lib/snippets';
import { API_RATE_LIMITS } from '../../src/shared/rate-limits';
import { fig } from '../../src/lib/figures';

/** One field of a request body, path or response. */
export interface DocField {
  /** Field name as sent on the wire, e.g. `image_url`; dotted for nested fields. */
  name: string;
  /** Type as a developer reads it, e.g. `string (URL)`, `boolean`, `string[]`. */
  type: string;
  /** Whether a request must include it (for responses: whether it is always present). */
  required: boolean;
  /** One sentence; may contain `code` in backticks. */
  description: string;
}

/** One documented endpoint. */
export interface DocEndpoint {
  /** Anchor id on the page, e.g. `post-predict`. */
  id: string;
  /** Short task-oriented title, e.g. `Analyse one image`. */
  title: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Path below the base URL; `{name}` marks a path parameter. */
  path: string;
  /** What the endpoint does and when to use it. */
  description: string;
  /** Path parameters, if the path has any. */
  pathParams?: DocField[];
  /** Request body fields; omitted for calls without a body. */
  requestFields?: DocField[];
  /** Example request body, also used for the code samples. */
  requestExample?: JsonValue;
  /** Example values for the path parameters, used for the code samples. */
  pathExample?: Record<string, string>;
  /** HTTP status of a successful answer. */
  successStatus: 200 | 201;
  /** Response body fields. */
  responseFields: DocField[];
  /** Example success response. */
  responseExample: JsonValue;
  /** Extra examples of the response, e.g. another mode. */
  moreResponses?: { title: string; description: string; example: JsonValue }[];
  /** Notes shown under the endpoint (limits, behaviour worth knowing). */
  notes?: string[];
  /** Where this operation is documented in full, for endpoints /docs only lists. */
  referenceHref?: string;
}

/** A group of endpoints with a shared heading. */
export interface DocApiGroup {
  /** Anchor id of the group heading. */
  id: string;
  /** Heading text. */
  title: string;
  /** A paragraph under the heading. */
  description: string;
  /** The endpoints, in reading order. */
  endpoints: DocEndpoint[];
  /**
   * Set for an API documented in full on its own reference page: /docs then lists its
   * endpoints in one line each with a link there, and leaves its samples to that page.
   */
  reference?: { name: string; href: string; markdownHref: string };
}

/** Name of the documented product. */
export const API_NAME = 'Vision Authenticity API';
/** Documented API version. */
export const API_VERSION = '1.0.0';
/**
 * Every path below is relative to the site's own origin (the API lives under `/api/`); pages
 * fill in the origin they are built for, and `{{origin}}` in examples, with `withOrigin`.
 */

/**
 * The job id the batch samples read (the code-sample check gives its account a job with it;
 * the stored batch examples show it in place of their run's own id).
 */
export const SAMPLE_JOB_ID = '3f6c1a52-8d4e-4b7a-9c21-5e0f7d9b2a64';

/** Batch job states in order. */
export const batchJobStates: { state: string; description: string }[] = [
  { state: 'pending', description: 'Accepted and queued; no image has been analysed yet.' },
  { state: 'processing', description: 'Images are being analysed.' },
  { state: 'completed', description: 'Every image was analysed; `results` is present.' },
  { state: 'failed', description: 'The job could not finish; there are no results. Start a new job.' },
];

/** Documented HTTP status codes, 413, 415 and 429 (with Retry-After) among them. */
export const httpStatuses: { status: number; name: string; description: string }[] = [
  { status: 200, name: 'OK', description: 'The request succeeded.' },
  { status: 201, name: 'Created', description: 'A batch job or error report was created.' },
  {
    status: 400,
    name: 'Bad Request',
    description: 'The body failed validation (`INVALID_REQUEST`) or is not valid JSON (`INVALID_JSON`).',
  },
  {
    status: 401,
    name: 'Unauthorized',
    description: 'The API key is missing, malformed, unknown or revoked (`UNAUTHORIZED`).',
  },
  {
    status: 403,
    name: 'Forbidden',
    description:
      'The API is not available yet: it is coming soon (`FORBIDDEN`). Active APIs work without a subscription, on the Free tier.',
  },
  { status: 404, name: 'Not Found', description: 'The job or resource does not exist.' },
  {
    status: 409,
    name: 'Conflict',
    description:
      'The request conflicts with the current state (`CONFLICT`), e.g. subscribing to the tier already held.',
  },
  { status: 413, name: 'Payload Too Large', description: 'The request body or the image is too large.' },
  { status: 415, name: 'Unsupported Media Type', description: 'The body is not sent as `application/json`.' },
  {
    status: 422,
    name: 'Unprocessable Content',
    description: 'The image URL is not allowed, or the image could not be fetched or decoded.',
  },
  {
    status: 429,
    name: 'Too Many Requests',
    description:
      'A per-minute rate limit (`RATE_LIMITED`: wait the seconds in `Retry-After`) or the monthly quota of your tier or of the Free tier (`QUOTA_EXCEEDED`: wait for the next billing month, subscribe or change tier) was reached.',
  },
  {
    status: 500,
    name: 'Internal Server Error',
    description: 'Something failed on our side. Retry later and quote the `request_id`.',
  },
  { status: 502, name: 'Bad Gateway', description: 'The host of an image URL failed or timed out.' },
  {
    status: 503,
    name: 'Service Unavailable',
    description: 'The service is temporarily unavailable; retry later.',
  },
];

/** Requests per minute per API key, from the table the server enforces. */
export const rateLimits: { scope: string; endpoints: string; perMinute: number }[] = [
  {
    scope: 'Single image',
    endpoints: 'POST /api/predict, POST /api/why_not_real, POST /api/v1/detect with one URL',
    perMinute: API_RATE_LIMITS.single.limit,
  },
  {
    scope: 'Batch',
    endpoints: 'POST /api/predict_batch, POST /api/v1/detect with 2 to 20 URLs',
    perMinute: API_RATE_LIMITS.batch.limit,
  },
  {
    scope: 'Results',
    endpoints: 'GET /api/predict_batch/{job_id}',
    perMinute: API_RATE_LIMITS.results.limit,
  },
  { scope: 'Error reporting', endpoints: 'POST /api/error', perMinute: API_RATE_LIMITS.errors.limit },
];

/**
 * Typical response times, in words: the spec's 2 to 5 s was never measured here. The measured
 * time per image (p50 and p99, with the machine's load) is on the API's accuracy card
 * (`ACCURACY_CARD_HREF`), the only place a time figure is quoted from.
 */
export const typicalTimes: { operation: string; time: string }[] = [
  {
    operation: 'Single image prediction',
    time: 'Synchronous: the image is fetched and analysed while you wait (measured p50 and p99 on the accuracy card)',
  },
  {
    operation: 'Batch processing',
    time: 'Each worker analyses one image at a time; workers share the queue, so more workers finish a job sooner',
  },
  { operation: 'Batch result retrieval', time: 'One database read; no analysis runs' },
  { operation: 'Why not real', time: 'The same analysis as a prediction' },
];

/** Where the measured time per image and the accuracy of the authenticity API are published. */
export const ACCURACY_CARD_HREF = '/docs/photo-authenticity#accuracy';

/** Image requirements. */
export const imageLimits: { limit: string; value: string }[] = [
  { limit: 'Formats', value: 'JPEG, PNG, WebP' },
  {
    limit: 'Maximum file size',
    value: `${fig('limits.image_url_mb')} by image URL; ${fig('limits.upload_mb')} for an uploaded file (the hosting platform buffers at most ${fig('limits.request_body_mb')} of request body; the demo pages shrink larger photos to about ${fig('limits.downscale_megapixels')} before upload)`,
  },
  { limit: 'Dimensions', value: fig('limits.dimensions') },
  { limit: 'Images per batch', value: `up to ${fig('limits.batch_images')}` },
];

/** Object detection limits (spec sections 5 and 9). */
export const detectionLimits: { limit: string; value: string }[] = [
  { limit: 'Image URLs per request', value: `1 to ${fig('limits.detect_urls')}` },
  { limit: 'error_checks', value: `integer 0 to ${fig('limits.error_checks')}, default 3` },
  { limit: 'mode', value: 'per_item (default) or superset' },
];

/** Example of the documented error body: a validation failure. */
export const errorExample = {
  error: {
    code: 'INVALID_REQUEST',
    message: 'image_url: Invalid URL',
    details: { fields: { image_url: ['Invalid URL'] } },
  },
  request_id: '9b2e4c71-5a3d-4f08-8c6e-1d7a0b3f9e25',
} satisfies JsonValue;

/** Example of the error body for a missing or invalid key. */
export const unauthorizedExample = {
  error: { code: 'UNAUTHORIZED', message: 'Missing or invalid API key', details: null },
  request_id: 'c4d0f1a8-2b67-4e39-91f5-7a8e6b2d0c13',
} satisfies JsonValue;
