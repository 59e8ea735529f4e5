import { withUsage } from '../schemas/api-usage';
import { watermarkRequestSchema, watermarkResponseSchema, type WatermarkRequest } from '../schemas/watermark';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import { defineOperation } from './operation';

const requestExamples: { summary: string; value: WatermarkRequest }[] = [
  {
    summary: 'Everything, at medium sensitivity (the site sample with a centred stock overlay)',
    value: { image_url: `${DEFAULT_SITE_ORIGIN}/images/samples/coffee-cup-watermarked.jpg`, detect_type: 'all', sensitivity: 'medium', include_invisible: true },
  },
  {
    summary: 'Only the invisible generator mark (the SDXL sample)',
    value: { image_url: `${DEFAULT_SITE_ORIGIN}/images/samples/wm-invisible-sdxl.jpg`, detect_type: 'invisible', sensitivity: 'medium', include_invisible: true },
  },
];

const ANALYSIS =
  'Visible text marks are read with PaddleOCR and told from scene text by how they blend with the photo (estimated opacity), repetition, placement, angle and wording; brand wordmarks come from their text (picture-only logos are not recognised); the invisible dwtDct mark of Stable Diffusion and SDXL is decoded with bit agreement as confidence (other invisible schemes need their vendors\' keys and are not checked); IPTC/XMP rights metadata is reported in its own group and never counts as a watermark. Confidence and opacity are measured indicators, not certainties.';

const ERRORS = [
  'INVALID_REQUEST',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
  'INVALID_IMAGE',
  'IMAGE_FETCH_FAILED',
  'IMAGE_URL_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

/** POST /api/v1/watermark */
export const watermarkOperation = defineOperation({
  operationId: 'detectWatermarks',
  method: 'POST',
  path: '/api/v1/watermark',
  group: 'watermark-detection',
  summary: 'Detect watermarks in one image',
  description: `Analyses one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to 10 MB). ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to watermark detection; an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: watermarkRequestSchema,
  response: { status: 200, description: 'The three groups of marks, the rights metadata, and what the call counted.', schema: withUsage(watermarkResponseSchema) },
  errors: [...ERRORS, 'UNAUTHORIZED', 'FORBIDDEN', 'QUOTA_EXCEEDED'],
  rateLimit: 'single',
  examples: { request: requestExamples },
});

/** POST /api/demo/watermark-detection */
export const demoWatermarkOperation = defineOperation({
  operationId: 'demoWatermarkDetection',
  method: 'POST',
  path: '/api/demo/watermark-detection',
  group: 'demo',
  summary: 'Detect watermarks in one image (keyless demo)',
  description: `The watermark demo: the request and response of POST /api/v1/watermark without a key, limited to 10 calls a minute per client and not tied to an account (no \`usage\`). ${ANALYSIS}`,
  auth: 'none',
  body: watermarkRequestSchema,
  response: { status: 200, description: 'The three groups of marks and the rights metadata.', schema: watermarkResponseSchema },
  errors: ERRORS,
  rateLimit: 'demo-watermark-detection',
  examples: { request: requestExamples },
});
