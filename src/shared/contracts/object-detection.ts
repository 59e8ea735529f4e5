import { categoryDefinitionsResponseSchema, categoryDefinitionsSchema, detectRequestSchema, detectResponseSchema } from '../schemas/detect';
import { defineOperation } from './operation';

/** POST /api/v1/detect */
export const detectOperation = defineOperation({
  operationId: 'detectObjects',
  method: 'POST',
  path: '/api/v1/detect',
  group: 'image-object-detection',
  summary: 'Detect the objects of a room category',
  description:
    'Checks 1 to 20 image URLs for the objects of a category. An image that cannot be fetched or decoded gets its own `error` entry; the call still answers 200 while at least one image was analysed.',
  auth: 'apiKey',
  body: detectRequestSchema,
  response: { status: 200, description: 'Detection results, one entry per image (and a `superset` entry in superset mode).', schema: detectResponseSchema },
  errors: ['INVALID_REQUEST', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNAUTHORIZED', 'FORBIDDEN', 'NO_IMAGE_ANALYSED', 'RATE_LIMITED', 'QUOTA_EXCEEDED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  rateLimit: 'single',
});

/** POST /api/v1/categories */
export const defineCategoriesOperation = defineOperation({
  operationId: 'defineCategories',
  method: 'POST',
  path: '/api/v1/categories',
  group: 'image-object-detection',
  summary: 'Add or replace category definitions',
  description: 'Adds or replaces the object lists of categories for your account; detect calls made with your keys use them over the defaults.',
  auth: 'apiKey',
  body: categoryDefinitionsSchema,
  response: { status: 200, description: 'The definitions written.', schema: categoryDefinitionsResponseSchema },
  errors: ['INVALID_REQUEST', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});
