import { withUsage } from '../schemas/api-usage';
import { captionRequestSchema, captionResponseSchema, captionUploadSchema } from '../schemas/caption';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { IMAGE_ERRORS, KEY_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

const ANALYSIS =
  'No captioning model writes the text: it is composed from one analysis of the image, namely the room type (room classifier) or a scene named from the objects, the COCO objects with counts and rough positions (CenterNet MobileNetV3), the people count, text read by PaddleOCR v4, and the dominant colours and light measured from the pixels. The four styles phrase the same facts differently: descriptive (plain inventory), creative (figurative), technical (measured values), emotional (mood). A caption longer than `max_length` words is cut there and ends with an ellipsis. Objects outside the 80 COCO classes are not named.';

/** POST /api/v1/caption */
export const captionOperation = defineOperation({
  operationId: 'captionImage',
  method: 'POST',
  path: '/api/v1/caption',
  group: API_IDS.captioning,
  summary: 'Caption one image',
  description: `Describes one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}). ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to image captioning; an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: captionRequestSchema,
  multipartBody: captionUploadSchema,
  response: {
    status: 200,
    description: 'The caption with its confidence and word count, and what the call counted.',
    schema: withUsage(captionResponseSchema),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS],
  rateLimit: 'single',
  storedExamples: storedExchanges('caption', 'captionTechnical'),
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
  response: {
    status: 200,
    description: 'The caption with its confidence and word count.',
    schema: captionResponseSchema,
  },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-image-captioning',
  storedExamples: storedExchanges('demoCaption'),
});
