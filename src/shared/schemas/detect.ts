import { z } from 'zod';
import './zod-config';
import { IMAGE_LIMIT_TEXT } from '../limits';

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
    .max(MAX_IMAGE_URLS, `Maximum ${MAX_IMAGE_URLS} image URLs allowed`)
    .describe('Images to analyse: 1 to 20 absolute http(s) URLs of public JPEG, PNG or WebP images.'),
  /** per_item answers per image; superset adds an entry combining all images (OR). */
  mode: z
    .enum(detectModes, { message: 'mode must be per_item or superset' })
    .default('per_item')
    .describe(
      '`per_item` answers per image; `superset` adds an entry combining all images (an object counts when any image shows it).',
    ),
  /** Category whose object list is checked; inferred from the images when omitted. */
  category: categoryKey
    .optional()
    .describe(
      'Category whose object list is checked, e.g. `bathroom`; inferred from the images when omitted.',
    ),
  /** Checks on borderline detections (0-10): 1-3 need no extra pass, each above 3 one augmented pass. */
  error_checks: z
    .number({ message: 'error_checks must be an integer from 0 to 10' })
    .int('error_checks must be an integer from 0 to 10')
    .min(0, 'error_checks must be an integer from 0 to 10')
    .max(MAX_ERROR_CHECKS, 'error_checks must be an integer from 0 to 10')
    .default(DEFAULT_ERROR_CHECKS)
    .describe(
      'Checks a borderline detection must survive (0-10); confident detections always stand. Checks 1-3 cost no extra pass: in a room, a learned answer decides the 16 interior classes (chair, sink, bed, toilet, ...) from the scores, boxes and room; for the other classes room context, overlap with a stronger confusable box, size. Each check above 3 runs one augmented-view pass, only on photos with borderline detections; a borderline object must be found in at least half of them. 0: every detection at its class threshold stands.',
    ),
  /** Opt-in: each image's answer also lists the objects found, with boxes and scores. */
  include_objects: z
    .boolean({ message: 'include_objects must be true or false' })
    .default(false)
    .describe(
      "When true, each image entry also carries `objects_found`: every detection behind a `true` answer, with its score and box (several boxes of one object name count that many). Off by default: the booleans alone are the spec's answer.",
    ),
});
export type DetectRequest = z.input<typeof detectRequestSchema>;
export type DetectRequestParsed = z.output<typeof detectRequestSchema>;

/** A per-image error: the batch still succeeds for the other images. */
export const itemErrorSchema = z
  .object({
    code: z.string().describe('Machine-readable reason, e.g. IMAGE_FETCH_FAILED or INVALID_IMAGE.'),
    message: z.string().describe('What went wrong with this image, in a sentence.'),
  })
  .meta({ id: 'ImageError', description: 'Why one image of a batch could not be analysed.' });

export const demoObjectFoundSchema = z
  .object({
    object: z.string().describe('The requested name this detection answers.'),
    label: z.string().describe("The model's class for it."),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "The detector's raw score for this box, 0 to 1 (not a calibrated probability; each class has its own threshold).",
      ),
    bounding_box: z
      .tuple([z.number(), z.number(), z.number(), z.number()])
      .describe('[x, y, width, height] of the box in source-image pixels.'),
  })
  .meta({
    id: 'DemoObjectFound',
    description: 'One detected object with its box (the demo and detect with `include_objects`).',
  });

export const detectionResultSchema = z
  .union([
    z.object({
      /** The image this answer is for, or `superset` for the combined entry. */
      image_url: z.string().describe('The image this answer is for, or `superset` for the combined entry.'),
      /** Object name -> present; `none_observed` is true when none of them is. */
      objects: z
        .record(z.string(), z.boolean())
        .describe('Object name -> whether it is present; `none_observed` is true when none of them is.'),
      objects_found: z
        .array(demoObjectFoundSchema)
        .optional()
        .describe(
          'Only with `include_objects: true`, and not on the `superset` entry: each box behind a `true` in `objects`, strongest first, in source-image pixels `[x, y, width, height]`. An object name is true exactly when it has at least one entry here.',
        ),
    }),
    z.object({
      image_url: z.string().describe('The image that could not be analysed.'),
      error: itemErrorSchema.describe(
        'Why this image could not be analysed; the other images are still answered.',
      ),
    }),
  ])
  .meta({ id: 'DetectionResult', description: 'The answer for one image: its objects, or its error.' });
export type DetectionResult = z.infer<typeof detectionResultSchema>;

export const detectResponseSchema = z.object({
  category: z
    .string()
    .describe(
      'Category used: the requested one, or the room the room classifier infers from the images (`general` when no room is confident).',
    ),
  category_inferred: z
    .boolean()
    .describe('True when the category was inferred because the request named none.'),
  mode: z.enum(detectModes).describe('The mode the images were answered in.'),
  error_checks: z
    .number()
    .int()
    .describe('Error checks applied per image (1-3 need no extra pass; see the request field).'),
  undetectable_objects: z
    .array(z.string())
    .describe('Category objects the model has no class for; they are left out of `objects`.'),
  analysis_method: z.string().describe('Model and method that produced the answer.'),
  detection_results: z
    .array(detectionResultSchema)
    .describe('One entry per image, in request order (plus `superset` in superset mode).'),
  result_id: z.string().describe('Id of the stored detection run.'),
});
export type DetectResponse = z.infer<typeof detectResponseSchema>;

/** `details` of a 422 NO_IMAGE_ANALYSED: why each image failed. */
export const noImageAnalysedDetailsSchema = z.object({
  results: z
    .array(detectionResultSchema)
    .describe('One entry per image of the request, each with its `error`.'),
});

/** POST /api/v1/categories body. */
export const categoryDefinitionsSchema = z.object({
  definitions: z
    .array(
      z.object({
        category: z
          .string({ message: 'category must be a non-empty text' })
          .trim()
          .min(1, 'category must be a non-empty text')
          .max(64, 'category is too long (max 64 characters)')
          .describe('Category key, e.g. `bathroom` or `home_office`.'),
        objects: z
          .array(
            z
              .string({ message: 'Each object must be a non-empty text' })
              .trim()
              .min(1, 'Each object must be a non-empty text')
              .max(64),
            {
              message: 'objects must be a list of texts',
            },
          )
          .min(1, 'objects must not be empty')
          .max(100, 'At most 100 objects per category')
          .describe('Object names detect reports for this category (1-100).'),
      }),
      { message: 'definitions must be a list' },
    )
    .min(1, 'definitions must not be empty')
    .max(50, 'At most 50 definitions per request')
    .describe('Definitions to add or replace (1-50), one per category.'),
});
export type CategoryDefinitions = z.infer<typeof categoryDefinitionsSchema>;

export const categoryDefinitionsResponseSchema = z.object({
  updated: z.number().int().describe('Number of definitions written (created or replaced).'),
  categories: z
    .array(
      z.object({
        category: z.string().describe('Category key.'),
        objects: z.array(z.string()).describe('Object names now defined for the category.'),
        undetectable_objects: z
          .array(z.string())
          .describe('Objects of this category the model cannot detect (reported as not detectable).'),
        created: z
          .boolean()
          .describe('True when the category was new, false when an existing definition was replaced.'),
      }),
    )
    .describe('The definitions as stored.'),
});
export type CategoryDefinitionsResponse = z.infer<typeof categoryDefinitionsResponseSchema>;

/** Room categories the object-detection demo offers. */
export const demoRoomCategories = [
  'auto',
  'living_room',
  'kitchen',
  'bedroom',
  'bathroom',
  'office',
  'dining_room',
] as const;

/** POST /api/demo/object-detection as JSON (multipart: `demoUploadSchema`). */
export const demoRequestSchema = z.object({
  image_url: z
    .string()
    .trim()
    .min(1, 'Please enter an image URL')
    .pipe(imageUrl)
    .optional()
    .describe('Public http(s) URL of the image to analyse; omitted when a file is uploaded.'),
  objects_to_find: z
    .string()
    .max(2000, 'objects_to_find is too long')
    .describe(
      'Comma-separated object names to look for, e.g. `dog, bicycle`; `*` lists everything the model finds, each under its class name.',
    ),
  room_category: z
    .enum([...demoRoomCategories, 'general'], { message: 'Unknown room category' })
    .optional()
    .describe('Room category; `auto` (or omitted) infers it from the detections.'),
});
export type DemoRequest = z.input<typeof demoRequestSchema>;

/**
 * POST /api/demo/object-detection as multipart/form-data: the JSON fields as text fields plus
 * the image file. An empty `file` part counts as no file.
 */
export const demoUploadSchema = demoRequestSchema.extend({
  file: z
    .file()
    .optional()
    .describe(
      `The image itself (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}); replaces \`image_url\`.`,
    ),
});

/** Splits the comma-separated objects field: trimmed, lower-cased, empty entries dropped. */
export function parseObjectsList(value: string): string[] {
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const name = part.trim().toLowerCase();
    if (name) seen.add(name);
  }
  return [...seen];
}

export const demoResponseSchema = z.object({
  total_objects_detected: z.number().int().describe('Number of boxes in `objects_found`.'),
  processing_time: z.number().describe('Seconds spent on the server, image fetch included.'),
  room_category: z
    .string()
    .describe(
      'Room category used: the requested one, or the one the room classifier infers from the photo (`general` when no room is confident).',
    ),
  room_category_inferred: z.boolean().describe('True when the room category was inferred.'),
  objects_found: z.array(demoObjectFoundSchema).describe('Every requested object seen, with its box.'),
  objects_not_found: z.array(z.string()).describe('Requested (detectable) objects that were not seen.'),
  undetectable_objects: z.array(z.string()).describe('Requested objects the model has no class for.'),
  analysis_method: z.string().describe('Model and method that produced the answer.'),
  image_width: z.number().int().describe('Width of the analysed image in pixels.'),
  image_height: z.number().int().describe('Height of the analysed image in pixels.'),
  bounding_box_format: z
    .literal('[x, y, width, height] in source-image pixels')
    .describe('How `bounding_box` is measured: always source-image pixels.'),
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;
export type DemoObjectFound = z.infer<typeof demoObjectFoundSchema>;
