import { z } from 'zod';
import './zod-config';

/**
 * Request and response shapes of the detection endpoints, shared by the functions, the demo
 * and live-tester islands, the tests and the API reference.
 */

/** Documented batch limit for one detect call or live test. */
export const MAX_IMAGE_URLS = 20;
/** Documented range of `error_checks`. */
export const MAX_ERROR_CHECKS = 10;
export const DEFAULT_ERROR_CHECKS = 3;

export const detectModes = ['per_item', 'superset'] as const;
export type DetectMode = (typeof detectModes)[number];

/** Image URL as accepted by the API: an absolute http(s) URL. */
const imageUrl = z
  .url({ protocol: /^https?$/, message: 'Must be a valid http or https URL' })
  .max(2048, 'URL is too long (max 2048 characters)');

/** Category keys look like `bathroom` or `living_room`. */
const categoryKey = z
  .string()
  .trim()
  .min(1, 'Category must not be empty')
  .max(64, 'Category is too long (max 64 characters)');

export const detectRequestSchema = z.object({
  /** Images to analyse: 1 to 20 absolute http(s) URLs. */
  image_urls: z
    .array(imageUrl, { message: 'image_urls must be a list of URLs' })
    .min(1, 'Please provide at least one image URL')
    .max(MAX_IMAGE_URLS, `Maximum ${MAX_IMAGE_URLS} image URLs allowed`),
  /** per_item answers per image; superset adds an entry combining all images (OR). */
  mode: z.enum(detectModes, { message: 'mode must be per_item or superset' }).default('per_item'),
  /** Category whose object list is checked; inferred from the images when omitted. */
  category: categoryKey.optional(),
  /** Extra verification passes over augmented views (0-10); see the API reference. */
  error_checks: z
    .number({ message: 'error_checks must be an integer from 0 to 10' })
    .int('error_checks must be an integer from 0 to 10')
    .min(0, 'error_checks must be an integer from 0 to 10')
    .max(MAX_ERROR_CHECKS, 'error_checks must be an integer from 0 to 10')
    .default(DEFAULT_ERROR_CHECKS),
});
export type DetectRequest = z.input<typeof detectRequestSchema>;
export type DetectRequestParsed = z.output<typeof detectRequestSchema>;

/** A per-image error: the batch still succeeds for the other images. */
export const itemErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});

export const detectionResultSchema = z.union([
  z.object({
    /** The image this answer is for, or `superset` for the combined entry. */
    image_url: z.string(),
    /** Object name -> present; `none_observed` is true when none of them is. */
    objects: z.record(z.string(), z.boolean()),
  }),
  z.object({
    image_url: z.string(),
    error: itemErrorSchema,
  }),
]);
export type DetectionResult = z.infer<typeof detectionResultSchema>;

export const detectResponseSchema = z.object({
  /** Category used: the requested one, or the room inferred from the images. */
  category: z.string(),
  /** True when the category was inferred because the request named none. */
  category_inferred: z.boolean(),
  mode: z.enum(detectModes),
  error_checks: z.number().int(),
  /** Category objects the model has no class for; they are left out of `objects`. */
  undetectable_objects: z.array(z.string()),
  analysis_method: z.string(),
  detection_results: z.array(detectionResultSchema),
  /** Id of the stored detection run. */
  result_id: z.string(),
});
export type DetectResponse = z.infer<typeof detectResponseSchema>;

/** POST /api/v1/categories body. */
export const categoryDefinitionsSchema = z.object({
  /** Definitions to add or replace, keyed by category. */
  definitions: z
    .array(
      z.object({
        /** Category key, e.g. `bathroom`. */
        category: z
          .string({ message: 'category must be a non-empty text' })
          .trim()
          .min(1, 'category must be a non-empty text')
          .max(64, 'category is too long (max 64 characters)'),
        /** Object names reported for this category. */
        objects: z
          .array(z.string({ message: 'Each object must be a non-empty text' }).trim().min(1, 'Each object must be a non-empty text').max(64), {
            message: 'objects must be a list of texts',
          })
          .min(1, 'objects must not be empty')
          .max(100, 'At most 100 objects per category'),
      }),
      { message: 'definitions must be a list' },
    )
    .min(1, 'definitions must not be empty')
    .max(50, 'At most 50 definitions per request'),
});
export type CategoryDefinitions = z.infer<typeof categoryDefinitionsSchema>;

export const categoryDefinitionsResponseSchema = z.object({
  /** Number of definitions written (created or replaced). */
  updated: z.number().int(),
  categories: z.array(
    z.object({
      category: z.string(),
      objects: z.array(z.string()),
      /** Objects of this category the model cannot detect. */
      undetectable_objects: z.array(z.string()),
      created: z.boolean(),
    }),
  ),
});
export type CategoryDefinitionsResponse = z.infer<typeof categoryDefinitionsResponseSchema>;

/** Room categories the object-detection demo offers. */
export const demoRoomCategories = ['auto', 'living_room', 'kitchen', 'bedroom', 'bathroom', 'office', 'dining_room'] as const;

/** POST /api/demo/object-detection (JSON; multipart uses the same fields plus `file`). */
export const demoRequestSchema = z.object({
  /** Image to analyse; omitted when a file is uploaded. */
  image_url: z.string().trim().min(1, 'Please enter an image URL').pipe(imageUrl).optional(),
  /** Comma-separated object names. */
  objects_to_find: z.string().max(2000, 'objects_to_find is too long'),
  /** Room category; `auto` (or omitted) infers it from the detections. */
  room_category: z.enum([...demoRoomCategories, 'general'], { message: 'Unknown room category' }).optional(),
});
export type DemoRequest = z.input<typeof demoRequestSchema>;

/** Splits the comma-separated objects field: trimmed, lower-cased, empty entries dropped. */
export function parseObjectsList(value: string): string[] {
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const name = part.trim().toLowerCase();
    if (name) seen.add(name);
  }
  return [...seen];
}

export const demoObjectFoundSchema = z.object({
  /** The requested name this detection answers. */
  object: z.string(),
  /** The model's class for it. */
  label: z.string(),
  /** Model score, 0-1. */
  confidence: z.number().min(0).max(1),
  /** [x, y, width, height] in source-image pixels. */
  bounding_box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

export const demoResponseSchema = z.object({
  total_objects_detected: z.number().int(),
  /** Seconds spent on the server, fetch included. */
  processing_time: z.number(),
  room_category: z.string(),
  room_category_inferred: z.boolean(),
  objects_found: z.array(demoObjectFoundSchema),
  /** Requested (detectable) objects that were not seen. */
  objects_not_found: z.array(z.string()),
  /** Requested objects the model has no class for. */
  undetectable_objects: z.array(z.string()),
  analysis_method: z.string(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  /** Where boxes are measured: always source-image pixels. */
  bounding_box_format: z.literal('[x, y, width, height] in source-image pixels'),
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;
export type DemoObjectFound = z.infer<typeof demoObjectFoundSchema>;
