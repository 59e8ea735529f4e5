/**
 * Contracts of the virtual-inspection API: POST /api/v1/inspections (queue a set of property
 * photos) and GET /api/v1/inspections/{id} (status, progress, the report). Shapes in
 * src/shared/schemas/inspection.ts.
 */
import { z } from 'zod';
import '../schemas/zod-config';
import { withUsage } from '../schemas/api-usage';
import {
  inspectionCreatedSchema,
  inspectionRequestSchema,
  inspectionSchema,
  inspectionUploadSchema,
  NOT_ASSESSED,
} from '../schemas/inspection';
import { API_IDS } from '../api-ids';
import { JOB_CREATE_ERRORS, JOB_READ_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

/** POST /api/v1/inspections */
export const createInspectionOperation = defineOperation({
  operationId: 'createInspection',
  method: 'POST',
  path: '/api/v1/inspections',
  group: API_IDS.virtualInspection,
  summary: 'Start a virtual inspection of up to 50 property photos',
  description: `Queues the photos of one property, given as \`image_urls\` (JSON) or uploaded as \`file\` parts of one multipart/form-data request, and answers at once with an inspection to poll. Each photo gets the room type, the fixtures the object detector sees, photo quality, the capture data the file declares and the photo-authenticity verdict; across the set, near-duplicates of each other and of the images in your own similar-search collections; against the optional \`checklist\`, the rooms found and missing. ${NOT_ASSESSED} Inspections run on the durable batch queue (one entry per photo and a finishing step): each photo is analysed and counted once, and an inspection survives a server restart. An \`Idempotency-Key\` header makes retries safe (the same key with another body is a 422 \`IDEMPOTENCY_KEY_REUSED\`); with \`callback_url\`, the final inspection body is POSTed there, signed as batch job callbacks are (\`Optiq-Signature\`). Photo and callback URLs meet the address rules of the other image endpoints at submission. The call counts as one request with its photos (a photo refused by the address rules is given back); a repeated Idempotency-Key counts nothing.`,
  auth: 'apiKey',
  body: inspectionRequestSchema,
  multipartBody: inspectionUploadSchema,
  response: {
    status: 201,
    description: 'The inspection is queued (or, for a repeated Idempotency-Key, the existing one).',
    schema: withUsage(inspectionCreatedSchema),
  },
  errors: [...JOB_CREATE_ERRORS, 'INVALID_IMAGE'],
  rateLimit: 'batch',
  storedExamples: storedExchanges('inspection'),
});

/** GET /api/v1/inspections/{id} */
export const getInspectionOperation = defineOperation({
  operationId: 'getInspection',
  method: 'GET',
  path: '/api/v1/inspections/{id}',
  group: API_IDS.virtualInspection,
  summary: 'Get an inspection and its report',
  description:
    'Status and progress of the inspection and, once completed, the report: flags at the top (each naming the photos that are its evidence), coverage against the checklist, every photo in request order, and what the report does not assess. Only the account that created the inspection can read it; any other gets 404. Reading counts nothing against the quota. Signed in, the dashboard shows the same report as a printable page at /dashboard/inspections/{id}.',
  auth: 'apiKey',
  params: z.object({
    id: z.string().describe('The inspection_id returned when the inspection was created.'),
  }),
  response: { status: 200, description: 'The inspection.', schema: withUsage(inspectionSchema) },
  errors: JOB_READ_ERRORS,
  rateLimit: 'results',
  storedExamples: { response: ['inspectionCompleted', 'inspectionPending'] },
});
