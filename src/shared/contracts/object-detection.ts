import {
  categoryDefinitionsResponseSchema,
  categoryDefinitionsSchema,
  demoRequestSchema,
  demoResponseSchema,
  demoUploadSchema,
  detectRequestSchema,
  detectResponseSchema,
  noImageAnalysedDetailsSchema,
} from '../schemas/detect';
import { withUsage } from '../schemas/api-usage';
import { API_IDS } from '../api-ids';
import { IMAGE_ERRORS, JSON_BODY_ERRORS, SERVER_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

/** POST /api/v1/detect */
export const detectOperation = defineOperation({
  operationId: 'detectObjects',
  method: 'POST',
  path: '/api/v1/detect',
  group: API_IDS.objectDetection,
  summary: 'Detect the objects of a room category',
  description:
    'Checks 1 to 20 image URLs for the objects of a category. Without `category`, the room is inferred by the trained room classifier (scores averaged over the images; `general`, with the general object list, when no room is confident). With `include_objects: true` each image entry also lists `objects_found`: the boxes (source-image pixels), raw scores and counts behind its `true` answers. `error_checks` (default 3) settles doubtful detections: with any check, in a room, a learned answer trained on labelled interior photos decides the 16 interior classes (chair, sink, bed, toilet, ...) from the scores, boxes and room the pass gives; checks 1-3 (room context, overlap, size) cover the other classes at no extra pass, each check above 3 runs one augmented-view pass on photos that still have borderline detections. An image that cannot be fetched or decoded gets its own `error` entry; the call still answers 200 while at least one image was analysed. Needs `Authorization: Bearer <key>` of an account subscribed to object detection. Metering: a call counts one request of the monthly quota when it analysed at least one image (failed images are not counted, a call that analysed none counts nothing); `usage` in the response says what it counted and what is left.',
  auth: 'apiKey',
  body: detectRequestSchema,
  response: {
    status: 200,
    description:
      'Detection results, one entry per image (and a `superset` entry in superset mode), and what the call counted.',
    schema: withUsage(detectResponseSchema),
  },
  errors: [
    ...JSON_BODY_ERRORS,
    'UNAUTHORIZED',
    'FORBIDDEN',
    'METHOD_NOT_ALLOWED',
    'NO_IMAGE_ANALYSED',
    'RATE_LIMITED',
    'QUOTA_EXCEEDED',
    ...SERVER_ERRORS,
  ],
  errorDetails: { NO_IMAGE_ANALYSED: noImageAnalysedDetailsSchema },
  rateLimit: ['single', 'batch'],
  storedExamples: storedExchanges(
    'detect',
    'detectSuperset',
    'detectInferred',
    'detectNoneObserved',
    'detectWithObjects',
    'detectImageError',
  ),
});

/** POST /api/v1/categories */
export const defineCategoriesOperation = defineOperation({
  operationId: 'defineCategories',
  method: 'POST',
  path: '/api/v1/categories',
  group: API_IDS.objectDetection,
  summary: 'Add or replace category definitions',
  description:
    'Adds or replaces the object lists of categories for your account; detect calls made with your keys use them over the defaults, and nobody else sees them. Analyses no image, so it uses no quota (`usage.requests` is 0).',
  auth: 'apiKey',
  body: categoryDefinitionsSchema,
  response: {
    status: 200,
    description: 'The definitions written, and what the call counted.',
    schema: withUsage(categoryDefinitionsResponseSchema),
  },
  errors: [
    ...JSON_BODY_ERRORS,
    'UNAUTHORIZED',
    'FORBIDDEN',
    'METHOD_NOT_ALLOWED',
    'RATE_LIMITED',
    ...SERVER_ERRORS,
  ],
  rateLimit: 'categories',
  storedExamples: storedExchanges('categories'),
});

/** POST /api/demo/object-detection */
export const demoObjectDetectionOperation = defineOperation({
  operationId: 'demoObjectDetection',
  method: 'POST',
  path: '/api/demo/object-detection',
  group: 'demo',
  summary: 'Find objects in one image (keyless demo)',
  description:
    'The object-detection demo: boxes in source-image pixels for the requested objects (or, with `objects_to_find: "*"`, for everything the model finds), in one image given by URL (JSON) or uploaded as `file` (multipart/form-data). No key; strict per-client limits.',
  auth: 'none',
  body: demoRequestSchema,
  multipartBody: demoUploadSchema,
  response: { status: 200, description: 'The objects found, with their boxes.', schema: demoResponseSchema },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-object-detection',
  storedExamples: storedExchanges('demo', 'demoEverything'),
});

/** POST /api/demo/detect */
export const demoDetectOperation = defineOperation({
  operationId: 'demoDetectObjects',
  method: 'POST',
  path: '/api/demo/detect',
  group: 'demo',
  summary: 'Try object detection without a key',
  description:
    "The request and response of POST /api/v1/detect without an API key, for the site's live tester: limited to 10 calls a minute per client, seeded categories only, not tied to an account (no `usage`).",
  auth: 'none',
  body: detectRequestSchema,
  response: {
    status: 200,
    description: 'Detection results, one entry per image (and a `superset` entry in superset mode).',
    schema: detectResponseSchema,
  },
  errors: [...JSON_BODY_ERRORS, 'NO_IMAGE_ANALYSED', 'RATE_LIMITED', ...SERVER_ERRORS],
  errorDetails: { NO_IMAGE_ANALYSED: noImageAnalysedDetailsSchema },
  rateLimit: 'demo-detect',
});
