/**
 * Request and response of the similar-image search (POST /api/v1/similar, its keyless demo twin)
 * and of the collections an account searches in. Shared by the functions (validation), the
 * island (parsing), the docs and the gallery manifest.
 */
import { z } from 'zod';
import { imageSourceFields } from './image-source';
import { jsonDepthExceeds } from './safe-text';

const image = imageSourceFields();
const collectionImage = imageSourceFields({
  imageUrlDescription:
    'HTTP(S) URL of the image; stored and returned with matches. Leave out when uploading a file.',
});

export const galleryCategories = [
  'architecture',
  'nature',
  'vehicles',
  'people',
  'food',
  'technology',
] as const;
export type GalleryCategory = (typeof galleryCategories)[number];
export const searchCategories = ['all', ...galleryCategories] as const;

/** The site's sample photo the examples search with (a cropped copy of a gallery photo). */
export const SIMILAR_SAMPLE_PATH = '/images/samples/similar-colosseum-crop.jpg';

/** Spec section 9: similar-images constants. */
export const SIMILAR_LIMITS = {
  maxResults: { min: 5, max: 50, default: 10 },
  threshold: { min: 0.5, max: 0.95, default: 0.7 },
} as const;

/** One photo of the public gallery (content/gallery/gallery.json). */
export const galleryImageSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('Stable id of the gallery photo.'),
  category: z.enum(galleryCategories).describe('Gallery category.'),
  title: z.string().min(1).describe('Short description of the photo.'),
  url: z.string().startsWith('/gallery/').describe('Path of the downscaled copy on this site.'),
  credit: z.string().min(1).describe('Author or copyright holder as recorded by the source package.'),
  license: z.string().min(1).describe('Licence of the photo as recorded by the source package.'),
  source: z.string().optional().describe('Original publication of the photo, when recorded.'),
  origin: z.string().min(1).describe('The Debian package and file the copy was made from.'),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export const galleryManifestSchema = z.strictObject({ images: z.array(galleryImageSchema).min(1) });

const collectionName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/)
  .describe(
    'Collection name: 1-63 lowercase letters, digits, - or _, starting with a letter or digit; unique per account.',
  );

export const similarRequestSchema = z.strictObject({
  ...image.json,
  max_results: z.coerce
    .number()
    .int()
    .min(SIMILAR_LIMITS.maxResults.min)
    .max(SIMILAR_LIMITS.maxResults.max)
    .default(SIMILAR_LIMITS.maxResults.default)
    .describe('Most matches returned, 5-50.'),
  similarity_threshold: z.coerce
    .number()
    .min(SIMILAR_LIMITS.threshold.min)
    .max(SIMILAR_LIMITS.threshold.max)
    .default(SIMILAR_LIMITS.threshold.default)
    .describe(
      'Matches below this calibrated similarity are dropped: 0.7 and up is a related scene, 0.9 and up a near duplicate.',
    ),
  category: z
    .enum(searchCategories)
    .default('all')
    .describe('Only images of this category (all: every category).'),
  collection: collectionName
    .optional()
    .describe('Search this collection of your account instead of the public gallery.'),
});
export type SimilarRequest = z.input<typeof similarRequestSchema>;
export type SimilarRequestParsed = z.output<typeof similarRequestSchema>;

/** The keyless demo's request: the public gallery only, so no `collection`. */
export const demoSimilarRequestSchema = similarRequestSchema.omit({ collection: true });

export const similarMatchSchema = z.object({
  id: z
    .string()
    .describe('Id of the matching image: the gallery id, or the id you gave it in your collection.'),
  url: z
    .string()
    .describe(
      'Where the matching image is: a gallery photo on this site, or the URL stored with your image (null-free: empty for uploads without one).',
    ),
  similarity: z
    .number()
    .min(0)
    .max(1)
    .describe('Calibrated similarity, 0-1: 0.7 related scene, 0.9 near duplicate.'),
  category: z.string().describe('Category of the matching image.'),
  near_duplicate: z
    .boolean()
    .describe(
      'True when the 64-bit perceptual hashes differ in at most 10 bits (also mirrored: the same photo resized, re-encoded, brightened or lightly edited) or the similarity is 0.9 or more (crops within the measured range).',
    ),
  title: z.string().optional().describe('Description of a gallery photo.'),
  credit: z.string().optional().describe('Credit of a gallery photo.'),
  license: z.string().optional().describe('Licence of a gallery photo.'),
  metadata: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The metadata stored with an image of your collection.'),
});
export type SimilarMatch = z.infer<typeof similarMatchSchema>;

export const similarResponseSchema = z.object({
  query_image: z.string().describe('The image_url searched with, or "upload" for an uploaded file.'),
  total_searched: z.number().int().min(0).describe('Images in the searched set after the category filter.'),
  matches_found: z
    .number()
    .int()
    .min(0)
    .describe('Matches returned (at or above the threshold, at most max_results).'),
  processing_time: z
    .number()
    .min(0)
    .describe('Seconds spent on the request (fetch, embedding and index search).'),
  similar_images: z.array(similarMatchSchema).describe('Matches, most similar first.'),
  search_parameters: z
    .object({
      max_results: z.number().int().describe('max_results as applied.'),
      similarity_threshold: z.number().describe('similarity_threshold as applied.'),
      category: z.enum(searchCategories).describe('category as applied.'),
      collection: z.string().optional().describe('The collection searched, when one was given.'),
    })
    .describe('The search parameters as applied.'),
  request_id: z.string().describe('Id of this request, for support.'),
});
export type SimilarResponse = z.infer<typeof similarResponseSchema>;

export const collectionCreateSchema = z.strictObject({
  name: collectionName,
  description: z.string().max(500).optional().describe('What the collection holds.'),
});

export const collectionSchema = z.object({
  name: z.string().describe('Collection name, unique per account.'),
  description: z.string().nullable().describe('What the collection holds.'),
  image_count: z.number().int().min(0).describe('Images in the collection.'),
  created_at: z.string().describe('When the collection was created (ISO 8601).'),
});
export type CollectionView = z.infer<typeof collectionSchema>;

/** How many levels of objects and arrays collection-image metadata may nest (the object itself is one). */
export const METADATA_MAX_DEPTH = 16;
/** Largest collection-image metadata, as JSON text. */
export const METADATA_MAX_BYTES = 4096;

const metadataSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    // Depth first: measuring the size of a hostile 5,000-level document would overflow the stack.
    if (jsonDepthExceeds(value, METADATA_MAX_DEPTH))
      ctx.addIssue({
        code: 'custom',
        message: `metadata may be nested at most ${METADATA_MAX_DEPTH} levels deep`,
      });
    else if (new TextEncoder().encode(JSON.stringify(value)).length > METADATA_MAX_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `metadata must be at most ${METADATA_MAX_BYTES.toLocaleString('en-US')} characters as JSON text`,
      });
  })
  .describe(
    `Your own JSON object stored with the image (up to ${METADATA_MAX_BYTES.toLocaleString('en-US')} characters as JSON text, nested at most ${METADATA_MAX_DEPTH} levels) and returned with matches.`,
  );

export const collectionImageAddSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .describe(
      'Your id for the image (letters, digits, . _ : -), unique in the collection; adding it again replaces it.',
    ),
  ...collectionImage.json,
  category: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9_-]+$/)
    .default('uncategorized')
    .describe(
      'Your category for the image (lowercase), usable as the search filter when it is one of the gallery categories.',
    ),
  metadata: metadataSchema.optional(),
});
export const collectionImageSchema = z.object({
  id: z.string().describe('Your id for the image.'),
  url: z.string().nullable().describe('The image_url given when it was added (null for an upload).'),
  category: z.string().describe('Your category for the image.'),
  metadata: z.record(z.string(), z.unknown()).describe('Your metadata.'),
  phash: z.string().describe('64-bit perceptual hash of the image, hex.'),
  created_at: z.string().describe('When the image was added (ISO 8601).'),
});
export type CollectionImageView = z.infer<typeof collectionImageSchema>;
