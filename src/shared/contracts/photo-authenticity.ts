/**
 * Contracts of the photo-authenticity API (/api/predict, /api/why_not_real, /api/error, the
 * batch jobs) and of the keyless photo-validation demo endpoint; their shapes are in
 * src/shared/schemas/photo-authenticity/, one file per endpoint family.
 */
import { z } from 'zod';
import '../schemas/zod-config';
import { withUsage } from '../schemas/api-usage';
import {
  authenticityImageUrlSchema,
  predictRequestSchema,
  predictResponseSchema,
  whyNotRealResponseSchema,
} from '../schemas/photo-authenticity/analysis';
import {
  predictBatchRequestSchema,
  batchJobCreatedSchema,
  batchJobSchema,
} from '../schemas/photo-authenticity/batch';
import {
  errorReportRequestSchema,
  errorReportResponseSchema,
  errorReportListSchema,
} from '../schemas/photo-authenticity/error-reports';
import {
  photoValidationRequestSchema,
  photoValidationUploadSchema,
  photoValidationResponseSchema,
} from '../schemas/photo-authenticity/photo-validation';
import { API_IDS } from '../api-ids';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import {
  IMAGE_ERRORS,
  JOB_CREATE_ERRORS,
  JOB_READ_ERRORS,
  JSON_BODY_ERRORS,
  KEY_ERRORS,
  SERVER_ERRORS,
  storedExchanges,
} from './common';
import { defineOperation } from './operation';

/** The site's own sample photos (read from disk by the server): samples run as copied. */
const SAMPLE_AI = `${DEFAULT_SITE_ORIGIN}/images/samples/validation-iptc-ai.jpg`;

const SAMPLE_CAMERA = `${DEFAULT_SITE_ORIGIN}/images/samples/validation-camera-exif.jpg`;

const API_ERRORS = [...IMAGE_ERRORS, ...KEY_ERRORS] as const;

/** POST /api/predict */
export const predictOperation = defineOperation({
  operationId: 'predictAuthenticity',
  method: 'POST',
  path: '/api/predict',
  group: API_IDS.photoAuthenticity,
  summary: 'Analyse one image for authenticity evidence',
  description:
    'Reads C2PA Content Credentials, declared metadata, known generator watermarks and pixel/file signals, and applies the documented rules: `is_real` is false exactly when a fail tag is present. Missing evidence proves nothing: an image with none either way is `inconclusive`. Every answer carries `pixel_signal`, a calibrated score of the traces generators leave in the pixels with the threshold from which rule PIXEL gives `ai_generated` (verdict `likely_ai_generated`; declared or signed evidence wins, and a low score never makes an image real). Unsigned camera EXIF gives at most `declared_camera`; only signed C2PA gives `camera_original`.',
  auth: 'apiKey',
  body: predictRequestSchema,
  response: {
    status: 200,
    description: 'The analysis, layer by layer, and what the call counted.',
    schema: withUsage(predictResponseSchema),
  },
  errors: API_ERRORS,
  rateLimit: 'single',
  examples: {
    request: [{ summary: 'An image that declares itself AI-generated', value: { image_url: SAMPLE_AI } }],
  },
  // A real answer (npm run examples -- predict): the docs' quick start reads its verdict.
  storedExamples: { response: ['predict'] },
});

/** POST /api/why_not_real */
export const whyNotRealOperation = defineOperation({
  operationId: 'whyNotReal',
  method: 'POST',
  path: '/api/why_not_real',
  group: API_IDS.photoAuthenticity,
  summary: 'Explain the fail tags of an image',
  description:
    'Runs the same analysis as /api/predict and returns, for each fail tag, the evidence behind it in plain words.',
  auth: 'apiKey',
  body: z.object({ image_url: authenticityImageUrlSchema }).strict().describe('The image to explain.'),
  response: {
    status: 200,
    description: 'The fail tags and their evidence, and what the call counted.',
    schema: withUsage(whyNotRealResponseSchema),
  },
  errors: API_ERRORS,
  rateLimit: 'single',
  examples: { request: [{ summary: 'Explain one image', value: { image_url: SAMPLE_AI } }] },
});

/** POST /api/error */
export const errorReportOperation = defineOperation({
  operationId: 'reportAuthenticityError',
  method: 'POST',
  path: '/api/error',
  group: API_IDS.photoAuthenticity,
  summary: 'Report a wrong result',
  description: 'Stores a report of a wrong authenticity result; the team reads reports on the admin page.',
  auth: 'apiKey',
  body: errorReportRequestSchema,
  response: {
    status: 201,
    description: 'The report is stored (reports are not metered).',
    schema: withUsage(errorReportResponseSchema),
  },
  errors: [
    ...JSON_BODY_ERRORS,
    'UNAUTHORIZED',
    'FORBIDDEN',
    'METHOD_NOT_ALLOWED',
    'RATE_LIMITED',
    ...SERVER_ERRORS,
  ],
  rateLimit: 'errors',
  examples: {
    request: [
      {
        summary: 'A result that looks wrong',
        value: { image_url: SAMPLE_CAMERA, job_id: null, comment: 'Unedited photo from our own adjuster.' },
      },
    ],
  },
});

/** POST /api/predict_batch */
export const predictBatchOperation = defineOperation({
  operationId: 'predictAuthenticityBatch',
  method: 'POST',
  path: '/api/predict_batch',
  group: API_IDS.photoAuthenticity,
  summary: 'Start a batch job of up to 50 images',
  description:
    'Queues the images for the same analysis as /api/predict and answers at once with a job to poll. Jobs run on a durable queue: a job survives a server restart, and each image is analysed and counted once. Send an `Idempotency-Key` header (up to 200 characters) to make retries safe: the same key with the same body returns the same job, the same key with another body is a 422 `IDEMPOTENCY_KEY_REUSED`. With `callback_url`, the final job body is POSTed there when the job ends, signed: header `Optiq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the hex SHA-256 of the API key that created the job; delivery follows the image-fetching address rules and is retried with backoff. Image and callback URLs meet the address rules of /api/predict at submission: another scheme is a 400 `INVALID_REQUEST`, credentials, another port, an internal host name or a private, loopback or link-local address a 422 `IMAGE_URL_NOT_ALLOWED` naming the field, and no job is made. A host name that resolves to such an address fails only that image, with `IMAGE_URL_NOT_ALLOWED`. The call counts as one request of the monthly quota, with its images (an image refused that way is given back); a repeated Idempotency-Key counts nothing.',
  auth: 'apiKey',
  body: predictBatchRequestSchema,
  response: {
    status: 201,
    description: 'The job is queued (or, for a repeated Idempotency-Key, the existing job).',
    schema: withUsage(batchJobCreatedSchema),
  },
  errors: JOB_CREATE_ERRORS,
  rateLimit: 'batch',
  storedExamples: storedExchanges('predictBatch'),
});

/** GET /api/predict_batch/{job_id} */
export const getPredictBatchOperation = defineOperation({
  operationId: 'getAuthenticityBatch',
  method: 'GET',
  path: '/api/predict_batch/{job_id}',
  group: API_IDS.photoAuthenticity,
  summary: 'Get a batch job and its results',
  description:
    'The job status and progress, and once completed the result (or the error) of each image in request order. Only the account that created the job can read it; any other gets 404. Reading a job counts nothing against the quota.',
  auth: 'apiKey',
  params: z.object({ job_id: z.string().describe('The job_id returned when the job was created.') }),
  response: { status: 200, description: 'The job.', schema: withUsage(batchJobSchema) },
  errors: JOB_READ_ERRORS,
  rateLimit: 'results',
  storedExamples: { response: ['predictBatchCompleted', 'predictBatchPending'] },
});

/** GET /api/error-reports */
export const listErrorReportsOperation = defineOperation({
  operationId: 'listAuthenticityErrorReports',
  method: 'GET',
  path: '/api/error-reports',
  group: 'admin',
  summary: 'List reports of wrong authenticity results',
  description:
    'The 50 newest reports sent to POST /api/error, shown on /c beside the contact submissions. Admin session only.',
  auth: 'admin',
  response: { status: 200, description: 'The newest reports.', schema: errorReportListSchema },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

/** POST /api/demo/photo-validation */
export const demoPhotoValidationOperation = defineOperation({
  operationId: 'demoPhotoValidation',
  method: 'POST',
  path: '/api/demo/photo-validation',
  group: 'demo',
  summary: 'Validate a photo (demo)',
  description:
    'The keyless endpoint of the /demo/photo-validation page: the same analysis as /api/predict, shaped as the demo shows it, with the ELA heatmap. Strict per-client limit.',
  auth: 'none',
  body: photoValidationRequestSchema,
  multipartBody: photoValidationUploadSchema,
  response: { status: 200, description: 'The validation result.', schema: photoValidationResponseSchema },
  errors: [
    ...JSON_BODY_ERRORS,
    'METHOD_NOT_ALLOWED',
    'INVALID_IMAGE',
    'IMAGE_FETCH_FAILED',
    'IMAGE_URL_NOT_ALLOWED',
    'RATE_LIMITED',
    ...SERVER_ERRORS,
  ],
  rateLimit: 'demo-photo-validation',
});
