import { withUsage } from '../schemas/api-usage';
import { facesRequestSchema, facesResponseSchema, facesUploadSchema } from '../schemas/faces';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { IMAGE_ERRORS, KEY_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

const ANALYSIS =
  'Faces are found by BlazeFace and measured on a 468-point FaceMesh (MediaPipe models, run on TensorFlow.js WASM): for each face its box, five landmarks (the full mesh with `include_mesh`), head pose (yaw, pitch, roll), whether each eye reads open, quality (sharpness, exposure, size, share of the frame, how much is cut off by the edge) and a presentation-attack indicator from a liveness model (a face photographed from a screen or a print), with an anti-spoofing score beside it. `policy` checks the photo against `profile_photo` or rules given explicitly and says pass or fail with each reason in plain words. No identification, no face matching, no embeddings returned or stored, and no age, gender or emotion: such inference is not offered, for accuracy and fairness reasons. The image is analysed in memory and never stored.';

/** POST /api/v1/faces */
export const facesOperation = defineOperation({
  operationId: 'analyzeFaces',
  method: 'POST',
  path: '/api/v1/faces',
  group: API_IDS.faces,
  summary: 'Analyse the faces in one image',
  description: `Analyses the faces of one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}). ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to facial attribute analysis (or the Free tier); an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: facesRequestSchema,
  multipartBody: facesUploadSchema,
  response: {
    status: 200,
    description:
      'The faces found with their landmarks, pose, eyes, quality and presentation-attack indicator, the policy check when asked, and what the call counted.',
    schema: withUsage(facesResponseSchema),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS],
  rateLimit: 'single',
  storedExamples: storedExchanges('faces', 'facesPolicy'),
});

/** POST /api/demo/face-analysis */
export const demoFacesOperation = defineOperation({
  operationId: 'demoAnalyzeFaces',
  method: 'POST',
  path: '/api/demo/face-analysis',
  group: 'demo',
  summary: 'Analyse the faces in one image (keyless demo)',
  description: `The face analysis demo: the request and response of POST /api/v1/faces without a key, limited to 10 calls a minute per client and not tied to an account (no \`usage\`). ${ANALYSIS}`,
  auth: 'none',
  body: facesRequestSchema,
  multipartBody: facesUploadSchema,
  response: {
    status: 200,
    description: 'The faces found and the policy check when asked.',
    schema: facesResponseSchema,
  },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-face-analysis',
  storedExamples: storedExchanges('demoFaces'),
});
