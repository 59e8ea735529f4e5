import { z } from 'zod';
import '../schemas/zod-config';
import { withUsage } from '../schemas/api-usage';
import {
  collectionCreateSchema,
  collectionImageAddSchema,
  collectionImageSchema,
  collectionSchema,
  demoSimilarRequestSchema,
  similarRequestSchema,
  similarResponseSchema,
  type SimilarRequest,
} from '../schemas/similar';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import { IMAGE_ERRORS, JSON_BODY_ERRORS, KEY_ERRORS, SERVER_ERRORS } from './common';
import { defineOperation } from './operation';

/** Shown in every similar-search description: what the similarity numbers mean. */
export const SIMILARITY_NOTE =
  "Images are compared by an embedding from the same CenterNet pass the detection API runs (its backbone's last feature map, average-pooled to 480 values, minus a stored mean, normalised) by cosine distance (pgvector: a collection, or a gallery search over at most 10,000 images, is scanned exactly; larger sets are searched through an HNSW index, which keeps scanning when a category filter drops candidates), and by a 64-bit perceptual hash. `similarity` is calibrated on edited copies of 60 gallery photos: 0.9 and above is a near duplicate (resized and re-encoded, cropped, brightened, mirrored and captioned copies; the accuracy card gives the share of copies that reach it and the crop range that holds; a copy whose perceptual hash is within 10 of 64 bits, also mirrored, counts as at least 0.9), 0.7 and above a related scene (nearly every pair of different gallery photos scores below 0.7; photos of different categories at most 0.69, two photos of the same kind of scene up to 0.89), about 0.5 an unrelated photo. `near_duplicate` is true within that perceptual-hash distance (resized, re-encoded, brightened, mirrored and captioned copies measured at most 10 bits, different photos at least 16) or when the similarity is 0.9 or more, so the flag and the 0.9 level always agree; crops move the hash and are flagged by the embedding, within the crop range the accuracy card measures (#accuracy).";

const requestExamples: { summary: string; value: SimilarRequest }[] = [
  {
    summary:
      'A re-used listing photo against the public gallery (the site sample: a cropped, re-encoded copy of a gallery photo)',
    value: {
      image_url: `${DEFAULT_SITE_ORIGIN}/images/samples/similar-colosseum-crop.jpg`,
      max_results: 10,
      similarity_threshold: 0.7,
      category: 'all',
    },
  },
  {
    summary: 'Only architecture, stricter threshold',
    value: {
      image_url: `${DEFAULT_SITE_ORIGIN}/images/samples/similar-colosseum-crop.jpg`,
      max_results: 5,
      similarity_threshold: 0.9,
      category: 'architecture',
    },
  },
];

const AVAILABILITY = ' Answers 503 SERVICE_UNAVAILABLE on a server whose database has no pgvector extension.';

/** POST /api/v1/similar */
export const similarSearchOperation = defineOperation({
  operationId: 'searchSimilarImages',
  method: 'POST',
  path: '/api/v1/similar',
  group: API_IDS.similarSearch,
  summary: 'Find images similar to one image',
  description: `Searches the public gallery (or one of your collections, \`collection\`) for the images most similar to one image given by URL (JSON), or uploaded as \`file\` in a multipart/form-data body with the same fields as text (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}). Matches below \`similarity_threshold\` are dropped. ${SIMILARITY_NOTE} Needs \`Authorization: Bearer <key>\` of an account subscribed to similar-image search; a search counts one request and one image.${AVAILABILITY}`,
  auth: 'apiKey',
  body: similarRequestSchema,
  response: {
    status: 200,
    description: 'The matches, best first, with the parameters as applied and what the call counted.',
    schema: withUsage(similarResponseSchema),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS, 'NOT_FOUND'],
  rateLimit: 'single',
  examples: { request: requestExamples },
});

/** POST /api/demo/similar-images */
export const demoSimilarOperation = defineOperation({
  operationId: 'demoSimilarImages',
  method: 'POST',
  path: '/api/demo/similar-images',
  group: 'demo',
  summary: 'Find similar images in the public gallery (keyless demo)',
  description: `The similar-images demo: the request and response of POST /api/v1/similar without a key and without collections (the public gallery only), limited to 10 searches a minute per client and not tied to an account (no \`usage\`). ${SIMILARITY_NOTE}${AVAILABILITY}`,
  auth: 'none',
  body: demoSimilarRequestSchema,
  response: {
    status: 200,
    description: 'The matches, best first, with the parameters as applied.',
    schema: similarResponseSchema,
  },
  errors: IMAGE_ERRORS,
  rateLimit: 'demo-similar-images',
  examples: { request: requestExamples.map(({ summary, value }) => ({ summary, value: { ...value } })) },
});

const COLLECTION_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  ...SERVER_ERRORS,
  'METHOD_NOT_ALLOWED',
] as const;
const nameParam = z.object({ name: z.string().describe('Name of one of your collections.') });
const COLLECTIONS_NOTE =
  'Collections belong to the account of the key: another account never sees, searches or changes them.';

/** POST /api/v1/collections */
export const createCollectionOperation = defineOperation({
  operationId: 'createCollection',
  method: 'POST',
  path: '/api/v1/collections',
  group: API_IDS.similarSearch,
  summary: 'Create a collection',
  description: `Creates a named collection of your own images to search with POST /api/v1/similar (\`collection\`), e.g. your marketplace's listing photos to find re-used ones. At most 50 per account. ${COLLECTIONS_NOTE} Analyses no image, so it counts nothing against the quota.${AVAILABILITY}`,
  auth: 'apiKey',
  body: collectionCreateSchema,
  response: {
    status: 201,
    description: 'The new, empty collection.',
    schema: withUsage(z.object({ collection: collectionSchema.describe('The collection.') })),
  },
  errors: [...COLLECTION_ERRORS, ...JSON_BODY_ERRORS, 'CONFLICT'],
  rateLimit: 'results',
  examples: {
    request: [
      {
        summary: 'A collection for listing photos',
        value: { name: 'listings', description: 'Photos of our active listings' },
      },
    ],
  },
});

/** GET /api/v1/collections */
export const listCollectionsOperation = defineOperation({
  operationId: 'listCollections',
  method: 'GET',
  path: '/api/v1/collections',
  group: API_IDS.similarSearch,
  summary: 'List your collections',
  description: `Your collections with their image counts, oldest first. ${COLLECTIONS_NOTE} Analyses no image, so it counts nothing against the quota.${AVAILABILITY}`,
  auth: 'apiKey',
  response: {
    status: 200,
    description: 'Your collections.',
    schema: withUsage(
      z.object({ collections: z.array(collectionSchema).describe('Your collections, oldest first.') }),
    ),
  },
  errors: COLLECTION_ERRORS,
  rateLimit: 'results',
});

/** DELETE /api/v1/collections/{name} */
export const deleteCollectionOperation = defineOperation({
  operationId: 'deleteCollection',
  method: 'DELETE',
  path: '/api/v1/collections/{name}',
  group: API_IDS.similarSearch,
  summary: 'Delete a collection',
  description: `Deletes one of your collections with all its images. ${COLLECTIONS_NOTE}${AVAILABILITY}`,
  auth: 'apiKey',
  params: nameParam,
  response: {
    status: 200,
    description: 'What was deleted.',
    schema: withUsage(z.object({ deleted: z.string().describe('Name of the deleted collection.') })),
  },
  errors: [...COLLECTION_ERRORS, 'NOT_FOUND'],
  rateLimit: 'results',
});

/** POST /api/v1/collections/{name}/images */
export const addCollectionImageOperation = defineOperation({
  operationId: 'addCollectionImage',
  method: 'POST',
  path: '/api/v1/collections/{name}/images',
  group: API_IDS.similarSearch,
  summary: 'Add an image to a collection',
  description: `Adds one image to your collection, by URL (JSON) or uploaded as \`file\` (multipart/form-data, metadata as JSON text), with your id, category and metadata; adding an id again replaces that image. The image is embedded and hashed like a search query; only the embedding, the hash, your fields and the URL are stored, never the pixels. At most 10,000 images per collection. Counts one request and one image.${AVAILABILITY}`,
  auth: 'apiKey',
  params: nameParam,
  body: collectionImageAddSchema,
  response: {
    status: 201,
    description: 'The stored image.',
    schema: withUsage(z.object({ image: collectionImageSchema.describe('The image as stored.') })),
  },
  errors: [...IMAGE_ERRORS, ...KEY_ERRORS, 'NOT_FOUND', 'CONFLICT'],
  rateLimit: 'single',
  examples: {
    request: [
      {
        summary: 'One listing photo, with your own id and metadata',
        value: {
          id: 'listing-8812',
          image_url: `${DEFAULT_SITE_ORIGIN}/images/samples/similar-colosseum-crop.jpg`,
          category: 'architecture',
          metadata: { seller: 'acme-travel', price: 120 },
        },
      },
    ],
  },
});

/** GET /api/v1/collections/{name}/images */
export const listCollectionImagesOperation = defineOperation({
  operationId: 'listCollectionImages',
  method: 'GET',
  path: '/api/v1/collections/{name}/images',
  group: API_IDS.similarSearch,
  summary: 'List the images of a collection',
  description: `The images of one of your collections in order of id, a page at a time. ${COLLECTIONS_NOTE}${AVAILABILITY}`,
  auth: 'apiKey',
  params: nameParam,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50).describe('Images per page, 1-200.'),
    after: z.string().max(128).optional().describe('The last id of the previous page (`next_after`).'),
  }),
  response: {
    status: 200,
    description: 'One page of images.',
    schema: withUsage(
      z.object({
        images: z.array(collectionImageSchema).describe('The images of this page, by id.'),
        next_after: z
          .string()
          .nullable()
          .describe('Pass as `after` for the next page; null on the last page.'),
      }),
    ),
  },
  errors: [...COLLECTION_ERRORS, 'NOT_FOUND', 'INVALID_REQUEST'],
  rateLimit: 'results',
});

/** DELETE /api/v1/collections/{name}/images/{id} */
export const deleteCollectionImageOperation = defineOperation({
  operationId: 'deleteCollectionImage',
  method: 'DELETE',
  path: '/api/v1/collections/{name}/images/{id}',
  group: API_IDS.similarSearch,
  summary: 'Delete an image from a collection',
  description: `Removes one image (by your id) from one of your collections. ${COLLECTIONS_NOTE}${AVAILABILITY}`,
  auth: 'apiKey',
  params: z.object({
    name: z.string().describe('Name of one of your collections.'),
    id: z.string().describe('Your id of the image.'),
  }),
  response: {
    status: 200,
    description: 'What was deleted.',
    schema: withUsage(z.object({ deleted: z.string().describe('Your id of the deleted image.') })),
  },
  errors: [...COLLECTION_ERRORS, 'NOT_FOUND'],
  rateLimit: 'results',
});

/** In the order a client uses them (the docs list them so, and the code-sample check sends them so). */
export const similarOperations = [
  similarSearchOperation,
  demoSimilarOperation,
  createCollectionOperation,
  listCollectionsOperation,
  addCollectionImageOperation,
  listCollectionImagesOperation,
  deleteCollectionImageOperation,
  deleteCollectionOperation,
] as const;
