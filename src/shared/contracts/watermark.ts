import { z } from 'zod';
import { withUsage } from '../schemas/api-usage';
import {
  accountBrandSchema,
  addBrandRequestSchema,
  brandListSchema,
  watermarkRequestSchema,
  watermarkResponseSchema,
  watermarkUploadSchema,
} from '../schemas/watermark';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { IMAGE_ERRORS, JSON_BODY_ERRORS, KEY_ERRORS, SERVER_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

const ANALYSIS =
  "Visible text marks are read with PaddleOCR and told from scene text by how they blend with the photo (estimated opacity), repetition, placement, angle and wording; brand wordmarks come from their text, named only on an exact spelling of a listed name (picture-only logos are not recognised); the invisible dwtDct mark of Stable Diffusion and SDXL is decoded with bit agreement as confidence (other invisible schemes need their vendors' keys and are not checked); IPTC/XMP rights metadata is reported in its own group and never counts as a watermark. Confidence and opacity are measured indicators, not certainties.";

/** POST /api/v1/watermark */
export const watermarkOperation = defineOperation({
  operationId: 'detectWatermarks',
  method: 'POST',
  path: '/api/v1/watermark',
  group: API_IDS.watermark,
  summary: 'Detect watermarks in one image',
  description: `Analyses one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}). ${ANALYSIS} Needs \`Authorization: Bearer <key>\` of an account subscribed to watermark detection; an analysed image counts one request of the monthly quota.`,
  auth: 'apiKey',
  body: watermarkRequestSchema,
  multipartBody: watermarkUploadSchema,
  response: {
    status: 200,
    description: 'The three groups of marks, the rights metadata, and what the call counted.',
    schema: withUsage(watermarkResponseSchema),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS],
  rateLimit: 'single',
  storedExamples: storedExchanges('watermark', 'watermarkTiled', 'watermarkInvisible', 'watermarkSceneText'),
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
  multipartBody: watermarkUploadSchema,
  response: {
    status: 200,
    description: 'The three groups of marks and the rights metadata.',
    schema: watermarkResponseSchema,
  },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-watermark-detection',
  storedExamples: storedExchanges('demoWatermark'),
});

const BRAND_NOTE =
  "The list is matched against the text the OCR reads (wordmarks), on top of the default list, for calls with the account's keys only: a brand is named when consecutive words of a line spell its name or an alias exactly (compared without case, spaces or punctuation; an image number may follow), never on a near spelling. Logos that are pictures without text are not recognised. Not metered.";
const BRAND_ERRORS = ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', ...SERVER_ERRORS] as const;

/** GET /api/v1/watermark/brands */
export const listBrandsOperation = defineOperation({
  operationId: 'listWatermarkBrands',
  method: 'GET',
  path: '/api/v1/watermark/brands',
  group: API_IDS.watermark,
  summary: "List the account's brand wordmarks",
  description: `The brands this account added to the watermark analysis, and the default list every analysis uses. ${BRAND_NOTE}`,
  auth: 'apiKey',
  response: {
    status: 200,
    description: "The account's brands and the default list.",
    schema: withUsage(brandListSchema),
  },
  errors: [...BRAND_ERRORS, 'METHOD_NOT_ALLOWED'],
  rateLimit: 'results',
});

/** POST /api/v1/watermark/brands */
export const addBrandOperation = defineOperation({
  operationId: 'addWatermarkBrand',
  method: 'POST',
  path: '/api/v1/watermark/brands',
  group: API_IDS.watermark,
  summary: 'Add a brand wordmark to the account',
  description: `Adds a brand to the list POST /api/v1/watermark matches read text against for this account; found, it is reported in \`brand_logos\` and as a \`wordmark\`. ${BRAND_NOTE} 409 when the account already has the brand or has reached the limit.`,
  auth: 'apiKey',
  body: addBrandRequestSchema,
  response: {
    status: 201,
    description: 'The brand as stored.',
    schema: withUsage(z.object({ brand: accountBrandSchema.describe('The new entry.') })),
  },
  errors: [...BRAND_ERRORS, ...JSON_BODY_ERRORS, 'CONFLICT', 'METHOD_NOT_ALLOWED'],
  rateLimit: 'results',
  examples: {
    request: [
      {
        summary: "A photographer's wordmark and its domain",
        value: { name: 'Northlight Images', aliases: ['northlight.example'] },
      },
    ],
  },
});

/** DELETE /api/v1/watermark/brands/{id} */
export const removeBrandOperation = defineOperation({
  operationId: 'removeWatermarkBrand',
  method: 'DELETE',
  path: '/api/v1/watermark/brands/{id}',
  group: API_IDS.watermark,
  summary: 'Remove a brand wordmark from the account',
  description: `Removes one of the account's brands; the default list cannot be changed. Idempotent: \`removed\` is false when the account has no brand with that id (already removed, or never its own). ${BRAND_NOTE}`,
  auth: 'apiKey',
  params: z.object({ id: z.string().describe('Id of the brand entry to remove.') }),
  response: {
    status: 200,
    description: 'Whether an entry was removed.',
    schema: withUsage(
      z.object({
        id: z.string().describe('The id asked for.'),
        removed: z
          .boolean()
          .describe("True when the entry was the account's and is now gone; false when there was none."),
      }),
    ),
  },
  errors: [...BRAND_ERRORS, 'NOT_FOUND', 'METHOD_NOT_ALLOWED'],
  rateLimit: 'results',
});
