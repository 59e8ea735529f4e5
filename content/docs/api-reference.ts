/**
 * The API reference rendered on /docs: one description per endpoint, from which the page
 * draws the endpoint tables, the JSON examples and the curl/JavaScript/Python samples (so the
 * samples can never drift from the documented request bodies). Texts and limits follow the
 * product spec, sections 2, 3, 6, 8 and 9.
 */
import type { HttpMethod, JsonValue } from '../../src/lib/snippets';
import { API_RATE_LIMITS } from '../../src/server/rate-limit/policies';

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
}

/** Name of the documented product. */
export const API_NAME = 'Vision Authenticity API';
/** Documented API version. */
export const API_VERSION = '1.0.0';
/**
 * Every path below is relative to the site's own origin (the API lives under `/api/`); pages
 * fill in the origin they are built for, and `{{origin}}` in examples, with `withOrigin`.
 */

const SAMPLE_IMAGE = 'https://images.example.com/listings/kitchen-01.jpg';
const SAMPLE_IMAGE_2 = 'https://images.example.com/listings/bathroom-02.jpg';
const SAMPLE_JOB_ID = '3f6c1a52-8d4e-4b7a-9c21-5e0f7d9b2a64';
const SAMPLE_CREATED_AT = '2025-01-15T10:30:00Z';

const predictionFields: DocField[] = [
  { name: 'image_url', type: 'string (URL)', required: true, description: 'The image that was analysed, as sent.' },
  {
    name: 'is_real',
    type: 'boolean',
    required: true,
    description: '`false` exactly when a fail tag is present. `true` means no rule fired, not that the photo is proven authentic: missing metadata, credentials or watermarks prove nothing.',
  },
  {
    name: 'fail_tags',
    type: 'string[]',
    required: true,
    description: '`ai_generated` (signed or declared provenance, generator parameters or a decoded generator watermark say so), `edited` (editing evidence), `photo_of_photo` (strong moire of a photographed screen or print); empty when `is_real` is `true`.',
  },
  {
    name: 'verdict',
    type: 'string',
    required: true,
    description: '`ai_generated`, `edited`, `recaptured`, `camera_original` (consistent camera evidence, no fail tag) or `inconclusive` (no evidence either way, the usual answer for a photo whose metadata was stripped).',
  },
  {
    name: 'evidence',
    type: 'object',
    required: true,
    description: 'Each layer as found, with its `method`: `c2pa` (Content Credentials: presence, validation, signer, actions, digitalSourceType), `metadata` (IPTC/XMP DigitalSourceType and AI fields, Software, CreatorTool, history, PNG generator chunks, camera EXIF), `watermark` (Stable Diffusion / SDXL invisible marks), `signals` (camera EXIF consistency, JPEG tables, error level analysis, recapture indicator).',
  },
  { name: 'findings', type: 'object[]', required: true, description: 'One `{ rule, tag, explanation }` per rule that fired.' },
  { name: 'indicators', type: 'string[]', required: true, description: 'Signals worth a look that decide nothing (e.g. a re-save by software, a weak watermark trace).' },
];

const jobFields: DocField[] = [
  { name: 'job_id', type: 'string (UUID)', required: true, description: 'Identifier to poll the job with.' },
  {
    name: 'job_status',
    type: 'string',
    required: true,
    description: 'One of `pending`, `processing`, `completed`, `failed`.',
  },
  { name: 'created_at', type: 'string (ISO 8601)', required: true, description: 'When the job was accepted, in UTC.' },
];

/** The authenticity endpoints (spec section 7, "Documented for the external authenticity API"). */
export const authenticityGroup: DocApiGroup = {
  id: 'authenticity-endpoints',
  title: 'Authenticity endpoints',
  description:
    'Decide whether a photo is real: not generated by AI, not manipulated and not a photo of another photo. Analyse one image synchronously or many in a batch job.',
  endpoints: [
    {
      id: 'post-predict',
      title: 'Analyse one image',
      method: 'POST',
      path: '/api/predict',
      description:
        'Reads the evidence an image carries, in four layers (C2PA Content Credentials, declared metadata, invisible generator watermarks, pixel and file signals), and applies documented rules. No learned detector can tell a generated image from a photo by its pixels alone, so an image without evidence is `inconclusive`: missing metadata proves nothing.',
      requestFields: [
        { name: 'image_url', type: 'string (URL)', required: true, description: 'Public URL of a JPEG, PNG or WebP image.' },
        { name: 'include_ela_heatmap', type: 'boolean', required: false, description: 'Also return the error-level-analysis heatmap as a PNG data URL. Default `false`.' },
      ],
      requestExample: { image_url: SAMPLE_IMAGE },
      successStatus: 200,
      responseFields: predictionFields,
      responseExample: { image_url: SAMPLE_IMAGE, is_real: false, fail_tags: ['ai_generated'], verdict: 'ai_generated', findings: [{ rule: 'META-DST', tag: 'ai_generated', explanation: 'Its IPTC/XMP metadata declares the digital source type trainedAlgorithmicMedia (made with a generative AI model).' }] },
    },
    {
      id: 'post-predict-batch',
      title: 'Start a batch job',
      method: 'POST',
      path: '/api/predict_batch',
      description:
        'Queues up to 50 images for analysis and answers at once with a job to poll. Processing takes 1 to 3 seconds per image.',
      requestFields: [
        { name: 'image_urls', type: 'string[] (URLs)', required: true, description: 'Public URLs of the images, 1 to 50.' },
      ],
      requestExample: { image_urls: [SAMPLE_IMAGE, SAMPLE_IMAGE_2] },
      successStatus: 201,
      responseFields: jobFields,
      responseExample: { job_id: SAMPLE_JOB_ID, job_status: 'pending', created_at: SAMPLE_CREATED_AT },
    },
    {
      id: 'get-predict-batch',
      title: 'Get a batch job',
      method: 'GET',
      path: '/api/predict_batch/{job_id}',
      description: 'Returns the job status, and the results once the job has completed. Answers in under 500 ms.',
      pathParams: [{ name: 'job_id', type: 'string (UUID)', required: true, description: 'The `job_id` returned when the job was created.' }],
      pathExample: { job_id: SAMPLE_JOB_ID },
      successStatus: 200,
      responseFields: [
        ...jobFields,
        {
          name: 'results',
          type: 'object[]',
          required: false,
          description: 'One `{ image_url, is_real, fail_tags }` per image, in request order. Present only when `job_status` is `completed`.',
        },
      ],
      responseExample: {
        job_id: SAMPLE_JOB_ID,
        job_status: 'completed',
        created_at: SAMPLE_CREATED_AT,
        results: [
          { image_url: SAMPLE_IMAGE, is_real: true, fail_tags: [] },
          { image_url: SAMPLE_IMAGE_2, is_real: false, fail_tags: ['photo_of_photo'] },
        ],
      },
      moreResponses: [
        {
          title: 'While the job runs',
          description: 'Until the job completes there is no `results` field.',
          example: { job_id: SAMPLE_JOB_ID, job_status: 'processing', created_at: SAMPLE_CREATED_AT },
        },
      ],
      notes: ['An unknown `job_id` answers `404 NOT_FOUND`.'],
    },
    {
      id: 'post-why-not-real',
      title: 'Explain a verdict',
      method: 'POST',
      path: '/api/why_not_real',
      description:
        'Analyses an image like `/api/predict` and explains each fail tag with the evidence behind it, in plain words.',
      requestFields: [{ name: 'image_url', type: 'string (URL)', required: true, description: 'Public URL of a JPEG, PNG or WebP image.' }],
      requestExample: { image_url: SAMPLE_IMAGE },
      successStatus: 200,
      responseFields: [
        ...predictionFields,
        {
          name: 'explanations',
          type: 'object[]',
          required: true,
          description: 'One `{ tag, reason, evidence }` per fail tag: what in the file led to it. Empty when `is_real` is `true`.',
        },
      ],
      responseExample: {
        image_url: SAMPLE_IMAGE,
        is_real: false,
        fail_tags: ['ai_generated'],
        explanations: [
          {
            tag: 'ai_generated',
            reason: 'Its PNG "parameters" text chunk holds AUTOMATIC1111 / Forge generation parameters: "a photo of a modern kitchen, Steps: 28, Sampler: DPM++ 2M Karras".',
            evidence: ['Its PNG "parameters" text chunk holds AUTOMATIC1111 / Forge generation parameters: "a photo of a modern kitchen, Steps: 28, Sampler: DPM++ 2M Karras".'],
          },
        ],
      },
    },
    {
      id: 'post-error',
      title: 'Report a wrong result',
      method: 'POST',
      path: '/api/error',
      description: 'Tells us a verdict looks wrong, so the case can be reviewed. Reports feed our evaluation sets.',
      requestFields: [
        { name: 'image_url', type: 'string (URL)', required: true, description: 'The image whose result looks wrong.' },
        { name: 'job_id', type: 'string (UUID) | null', required: false, description: 'The batch job the result came from, if any.' },
        { name: 'comment', type: 'string | null', required: false, description: 'What you expected and why.' },
      ],
      requestExample: {
        image_url: SAMPLE_IMAGE,
        job_id: SAMPLE_JOB_ID,
        comment: 'This is an unedited photo from our own photographer.',
      },
      successStatus: 201,
      responseFields: [
        { name: 'status', type: 'string', required: true, description: '`received` when the report was stored.' },
        { name: 'message', type: 'string', required: true, description: 'A human-readable confirmation.' },
      ],
      responseExample: { status: 'received', message: 'Thank you. Your report has been received and will be reviewed.' },
    },
  ],
};

/**
 * The hand-written groups: only the photo-authenticity API, whose endpoints have no contract
 * yet. APIs with contracts are generated from the OpenAPI document (src/lib/docs/docs-groups.ts).
 */
export const apiGroups: DocApiGroup[] = [authenticityGroup];

/** Batch job states in order (spec section 4). */
export const batchJobStates: { state: string; description: string }[] = [
  { state: 'pending', description: 'Accepted and queued; no image has been analysed yet.' },
  { state: 'processing', description: 'Images are being analysed.' },
  { state: 'completed', description: 'Every image was analysed; `results` is present.' },
  { state: 'failed', description: 'The job could not finish; there are no results. Start a new job.' },
];

/** Documented HTTP status codes (spec section 8, plus 413, 415 and 429 with Retry-After). */
export const httpStatuses: { status: number; name: string; description: string }[] = [
  { status: 200, name: 'OK', description: 'The request succeeded.' },
  { status: 201, name: 'Created', description: 'A batch job or error report was created.' },
  { status: 400, name: 'Bad Request', description: 'The body failed validation (`INVALID_REQUEST`) or is not valid JSON (`INVALID_JSON`).' },
  { status: 401, name: 'Unauthorized', description: 'The API key is missing, malformed, unknown or revoked (`UNAUTHORIZED`).' },
  { status: 403, name: 'Forbidden', description: 'The key\'s account has no active subscription to this API (`FORBIDDEN`).' },
  { status: 404, name: 'Not Found', description: 'The job or resource does not exist.' },
  { status: 409, name: 'Conflict', description: 'The request conflicts with the current state (`CONFLICT`).' },
  { status: 413, name: 'Payload Too Large', description: 'The request body or the image is too large.' },
  { status: 415, name: 'Unsupported Media Type', description: 'The body is not sent as `application/json`.' },
  { status: 422, name: 'Unprocessable Content', description: 'The image URL is not allowed, or the image could not be fetched or decoded.' },
  { status: 429, name: 'Too Many Requests', description: 'A per-minute rate limit (`RATE_LIMITED`: wait the seconds in `Retry-After`) or the monthly quota of your tier (`QUOTA_EXCEEDED`: wait for the next billing month or change tier) was reached.' },
  { status: 500, name: 'Internal Server Error', description: 'Something failed on our side. Retry later and quote the `request_id`.' },
  { status: 502, name: 'Bad Gateway', description: 'The host of an image URL failed or timed out.' },
  { status: 503, name: 'Service Unavailable', description: 'The service is temporarily unavailable; retry later.' },
];

/** Requests per minute per API key (spec section 9), from the table the server enforces. */
export const rateLimits: { scope: string; endpoints: string; perMinute: number }[] = [
  { scope: 'Single image', endpoints: 'POST /api/predict, POST /api/why_not_real, POST /api/v1/detect with one URL', perMinute: API_RATE_LIMITS.single.limit },
  { scope: 'Batch', endpoints: 'POST /api/predict_batch, POST /api/v1/detect with 2 to 20 URLs', perMinute: API_RATE_LIMITS.batch.limit },
  { scope: 'Results', endpoints: 'GET /api/predict_batch/{job_id}', perMinute: API_RATE_LIMITS.results.limit },
  { scope: 'Error reporting', endpoints: 'POST /api/error', perMinute: API_RATE_LIMITS.errors.limit },
];

/** Typical response times (spec section 9). */
export const typicalTimes: { operation: string; time: string }[] = [
  { operation: 'Single image prediction', time: '2 to 5 s' },
  { operation: 'Batch processing', time: '1 to 3 s per image' },
  { operation: 'Batch result retrieval', time: 'under 500 ms' },
  { operation: 'Why not real', time: '3 to 7 s' },
];

/** Image requirements (spec section 9). */
export const imageLimits: { limit: string; value: string }[] = [
  { limit: 'Formats', value: 'JPEG, PNG, WebP' },
  { limit: 'Maximum file size', value: '10 MB by image URL; 4.5 MB for an uploaded file (the hosting platform buffers at most 6 MB of request body; the demo pages shrink larger photos to about 2 megapixels before upload)' },
  { limit: 'Dimensions', value: '256x256 to 4096x4096 pixels' },
  { limit: 'Images per batch', value: 'up to 50' },
];

/** Object detection limits (spec sections 5 and 9). */
export const detectionLimits: { limit: string; value: string }[] = [
  { limit: 'Image URLs per request', value: '1 to 20' },
  { limit: 'error_checks', value: 'integer 0 to 10, default 3' },
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
