import { withUsage, type ApiUsage } from '../schemas/api-usage';
import { captionRequestSchema, captionResponseSchema, captionUploadSchema, type CaptionRequest, type CaptionResponse } from '../schemas/caption';
import { example } from '../examples';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import { defineOperation } from './operation';

function stored<Req, Res>(name: string) {
  const ex = example(name, DEFAULT_SITE_ORIGIN);
  return { summary: ex.title, request: ex.request as Req, response: ex.response as Res };
}

const captionExamples = ['caption', 'captionTechnical'].map((n) => stored<CaptionRequest, CaptionResponse & { usage: ApiUsage }>(n));
const demoExample = stored<CaptionRequest, CaptionResponse>('demoCaption');

const ANALYSIS =
  'No captioning model writes the text: it is composed from one analysis of the image, namely the room type (room classifier) or a scene named from the objects, the COCO objects with counts and rough positions (CenterNet MobileNetV3), the people count, text read by PaddleOCR v4, and the dominant colours and light measured from the pixels. The four styles phrase the same facts differently: descriptive (plain inventory), creative (figurative), technical (measured values), emotional (mood). A caption longer than `max_length` words is cut there and ends with an ellipsis. Objects outside the 80 COCO classes are not named.';

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

/** POST /api/v1/caption */
export const captionOperation = defineOperation({
  operationId: 'captionImage',
  method: 'POST',
  path: '/api/v1/caption',
  group: 'image-captioning',
  summary: 'Caption one image',
  description: `Describes one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to 10 MB). ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to image captioning; an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: captionRequestSchema,
  multipartBody: captionUploadSchema,
  response: { status: 200, description: 'The caption with its confidence and word count, and what the call counted.', schema: withUsage(captionResponseSchema) },
  errors: [...ERRORS, 'UNAUTHORIZED', 'FORBIDDEN', 'QUOTA_EXCEEDED'],
  rateLimit: 'single',
  examples: {
    request: captionExamples.map((e) => ({ summary: e.summary, value: e.request })),
    response: captionExamples.map((e) => ({ summary: e.summary, value: e.response })),
  },
});

/** POST /api/demo/image-captioning */
export const demoCaptionOperation = defineOperation({
  operationId: 'demoCaptionImage',
  method: 'POST',
  path: '/api/demo/image-captioning',
  group: 'demo',
  summary: 'Caption one image (keyless demo)',
  description: `The captioning demo: the request and response of POST /api/v1/caption without a key, limited to 10 calls a minute per client and not tied to an account (no \`usage\`). ${ANALYSIS}`,
  auth: 'none',
  body: captionRequestSchema,
  multipartBody: captionUploadSchema,
  response: { status: 200, description: 'The caption with its confidence and word count.', schema: captionResponseSchema },
  errors: ERRORS,
  rateLimit: 'demo-image-captioning',
  examples: {
    request: [{ summary: demoExample.summary, value: demoExample.request }],
    response: [{ summary: demoExample.summary, value: demoExample.response }],
  },
});
