import { withUsage } from '../schemas/api-usage';
import {
  LABEL_SET_LIMITS,
  classifyRequestSchema,
  classifyResponseSchema,
  classifyUploadSchema,
  createLabelSetResponseSchema,
  createLabelSetSchema,
  labelSetUploadSchema,
  deleteLabelSetResponseSchema,
  labelSetIdParamsSchema,
  listLabelSetsResponseSchema,
  type CreateLabelSet,
} from '../schemas/classify';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import { IMAGE_ERRORS, KEY_ERRORS, SERVER_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

const ANALYSIS =
  'One CenterNet MobileNetV3 pass (the object detector the detection API runs, no error-check passes) gives the detections and image-level features. `room_type` scores come from the room classifier over those features and detections (kitchen, bathroom, bedroom, living_room, dining_room, office, other; `other` when no room is clear). A label set id scores by nearest neighbours over the embeddings of your example images (the pooled backbone features of the same pass, L2-normalised). Scores are shares of the evidence, not certainties.';

/** POST /api/v1/classify */
export const classifyOperation = defineOperation({
  operationId: 'classifyImage',
  method: 'POST',
  path: '/api/v1/classify',
  group: API_IDS.classification,
  summary: 'Classify one image',
  description: `Scores one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}), against the room types or one of your label sets. ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to image classification; an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: classifyRequestSchema,
  multipartBody: classifyUploadSchema,
  response: {
    status: 200,
    description: 'The top labels with their scores, and what the call counted.',
    schema: withUsage(classifyResponseSchema),
  },
  errors: [...IMAGE_ERRORS, 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'QUOTA_EXCEEDED'],
  rateLimit: 'single',
  storedExamples: storedExchanges('classify', 'classifyTop1'),
});

/** POST /api/demo/image-classification */
export const demoClassifyOperation = defineOperation({
  operationId: 'demoClassifyImage',
  method: 'POST',
  path: '/api/demo/image-classification',
  group: 'demo',
  summary: 'Classify one image by room type (keyless demo)',
  description: `The classification page's live tester: the request and response of POST /api/v1/classify without a key, \`room_type\` only (label sets need a key), limited to 10 calls a minute per client and not tied to an account (no \`usage\`). ${ANALYSIS}`,
  auth: 'none',
  body: classifyRequestSchema,
  multipartBody: classifyUploadSchema,
  response: {
    status: 200,
    description: 'The top room types with their scores.',
    schema: classifyResponseSchema,
  },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-image-classification',
  storedExamples: storedExchanges('demoClassify'),
});

const sample = (file: string) => `${DEFAULT_SITE_ORIGIN}/images/samples/${file}`;
/** A set made of the site's own sample photos (the API analyses them from disk). */
const labelSetExample: CreateLabelSet = {
  name: 'Animals or space',
  examples: {
    animals: [
      'cat-chelsea.jpg',
      'od-horses.jpg',
      'od-dog-bicycle.jpg',
      'wm-scene-sign.jpg',
      'validation-camera-exif.jpg',
    ].map(sample),
    space: [
      'astronaut.jpg',
      'od-astronaut.jpg',
      'rocket-launch.jpg',
      'wm-tiled-pattern.jpg',
      'wm-corner-wordmark.jpg',
    ].map(sample),
  },
};

const SET_LIMITS = `${LABEL_SET_LIMITS.minLabels}-${LABEL_SET_LIMITS.maxLabels} labels, ${LABEL_SET_LIMITS.minExamples}-${LABEL_SET_LIMITS.maxExamplesPerLabel} example images each, at most ${LABEL_SET_LIMITS.maxExamples} in all`;

/** POST /api/v1/label-sets */
export const createLabelSetOperation = defineOperation({
  operationId: 'createLabelSet',
  method: 'POST',
  path: '/api/v1/label-sets',
  group: API_IDS.classification,
  summary: 'Create a custom label set from example images',
  description: `Creates a label set of your account from example images (${SET_LIMITS}), by URL (JSON \`examples\`: label -> URLs) or uploaded (multipart/form-data: \`name\`, and one field \`examples.<label>\` per image holding a file or a URL; the whole form at most 10 MB). Each example is analysed once and only its embedding is stored, never the image. Classify with \`taxonomy: <id>\`; other accounts cannot see or use the set. Every analysed example counts as an image, and the call one request of the monthly quota.`,
  auth: 'apiKey',
  body: createLabelSetSchema,
  multipartBody: labelSetUploadSchema,
  response: {
    status: 201,
    description: 'The stored set, and what the call counted.',
    schema: withUsage(createLabelSetResponseSchema),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS],
  rateLimit: 'batch',
  examples: {
    request: [{ summary: 'Two labels from the site sample photos, five each', value: labelSetExample }],
  },
});

/** GET /api/v1/label-sets */
export const listLabelSetsOperation = defineOperation({
  operationId: 'listLabelSets',
  method: 'GET',
  path: '/api/v1/label-sets',
  group: API_IDS.classification,
  summary: 'List your label sets',
  description:
    'The label sets of your account, newest first, with their labels and example counts. Analyses no image, so it uses no quota (`usage.requests` is 0).',
  auth: 'apiKey',
  response: {
    status: 200,
    description: 'Your label sets, and what the call counted.',
    schema: withUsage(listLabelSetsResponseSchema),
  },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', ...SERVER_ERRORS],
  rateLimit: 'results',
});

/** DELETE /api/v1/label-sets/{id} */
export const deleteLabelSetOperation = defineOperation({
  operationId: 'deleteLabelSet',
  method: 'DELETE',
  path: '/api/v1/label-sets/{id}',
  group: API_IDS.classification,
  summary: 'Delete a label set',
  description:
    "Deletes one of your label sets and its stored example embeddings; classify calls naming it answer 404 from then on. Another account's set id answers 404 too. Uses no quota.",
  auth: 'apiKey',
  params: labelSetIdParamsSchema,
  response: {
    status: 200,
    description: 'The deleted set id, and what the call counted.',
    schema: withUsage(deleteLabelSetResponseSchema),
  },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', ...SERVER_ERRORS],
  rateLimit: 'results',
});
