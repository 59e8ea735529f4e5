/**
 * Operations the reference documents that have no contract in `src/shared/contracts` yet. Each
 * is used only while the registry lacks an operation on the same method and path
 * (`docsOperations`), so a real contract replaces it without a change here.
 */
import { z } from 'zod';
import { operations, type OperationContract } from '../../shared/contracts';
import { defineOperation } from '../../shared/contracts/operation';
import { demoRequestSchema, demoResponseSchema } from '../../shared/schemas/detect';

/** POST /api/demo/object-detection: the keyless demo the site's own demo page calls. */
const demoObjectDetection = defineOperation({
  operationId: 'demoObjectDetection',
  method: 'POST',
  path: '/api/demo/object-detection',
  group: 'demo',
  summary: 'Try object detection on one image (keyless demo)',
  description:
    'Finds the named objects in one image, sent as a URL or uploaded as a file, with boxes and scores. Needs no key and has strict per-address limits: use it to try the engine, and `POST /api/v1/detect` with a key for real work.',
  auth: 'none',
  bodyType: 'multipart/form-data',
  body: demoRequestSchema.extend({
    file: z.file().optional().describe('The image file (JPEG, PNG or WebP, up to 4.5 MB); send it or `image_url`.'),
  }),
  response: { status: 200, description: 'The objects found, with boxes in source-image pixels.', schema: demoResponseSchema },
  errors: ['INVALID_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INVALID_IMAGE', 'IMAGE_FETCH_FAILED', 'IMAGE_URL_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

const interim: readonly OperationContract[] = [demoObjectDetection as OperationContract];

/** The registry's operations plus the interim ones it does not cover yet. */
export function docsOperations(): readonly OperationContract[] {
  const have = new Set(operations.map((op) => `${op.method} ${op.path}`));
  return [...operations, ...interim.filter((op) => !have.has(`${op.method} ${op.path}`))];
}
