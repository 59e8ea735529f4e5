/**
 * Request and response of the image classification API (POST /api/v1/classify, its keyless demo
 * twin, and the custom label sets under /api/v1/label-sets). Shared by the functions
 * (validation), the islands (parsing) and the docs.
 */
import { z } from 'zod';
import './zod-config';
import { imageSourceFields, imageUrlSchema } from './image-source';

const image = imageSourceFields();

export const ROOM_TYPE_TAXONOMY = 'room_type';

/** Label set limits: labels per set, examples per label, examples per set. */
export const LABEL_SET_LIMITS = {
  minLabels: 2,
  maxLabels: 10,
  minExamples: 5,
  maxExamplesPerLabel: 12,
  maxExamples: 60,
} as const;

export const classifyRequestSchema = z.strictObject({
  ...image.json,
  taxonomy: z
    .union([z.literal(ROOM_TYPE_TAXONOMY), z.uuid()])
    .default(ROOM_TYPE_TAXONOMY)
    .describe(
      '`room_type` (kitchen, bathroom, bedroom, living_room, dining_room, office, other: also every photo that is not of a room, such as a close-up object, a pet, a street or a landscape), or the id of one of your label sets.',
    ),
  top_k: z.number().int().min(1).max(7).default(3).describe('How many labels to return, best first (1-7).'),
});
export type ClassifyRequestParsed = z.output<typeof classifyRequestSchema>;

/** The multipart form of the same request: the image as `file`, the options as text fields. */
export const classifyUploadSchema = classifyRequestSchema.extend({
  ...image.upload,
  top_k: z.coerce
    .number()
    .int()
    .min(1)
    .max(7)
    .default(3)
    .describe('How many labels to return, best first (1-7), as text.'),
});

export const labelScoreSchema = z.object({
  label: z.string().describe('A label of the taxonomy.'),
  score: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'A raw score, not a calibrated probability: the share of the evidence for this label (0-1; the scores over all labels sum to 1). How often a top label is right at each score is on the accuracy card.',
    ),
});

export const classifyResponseSchema = z.object({
  image_url: z.string().nullable().describe('The image URL as sent; null for an upload.'),
  taxonomy: z.string().describe('The taxonomy used: `room_type` or your label set id.'),
  labels: z.array(labelScoreSchema).describe('The top_k labels, highest score first.'),
  analysis_method: z.string().describe('How the scores were computed.'),
  processing_time: z.number().describe('Seconds spent on the server, image fetch included.'),
  request_id: z.string().describe('Id of this request (also in the X-Request-Id header).'),
});
export type ClassifyResponse = z.infer<typeof classifyResponseSchema>;

// --- Label sets ----------------------------------------------------------------------------

export const labelNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, _ and -, up to 40 characters')
  .describe('A label: lower-case letters, digits, `_` and `-`, up to 40 characters.');

export const createLabelSetSchema = z.strictObject({
  name: z.string().trim().min(1).max(80).describe('Your name for the set (1-80 characters).'),
  examples: z
    .record(
      labelNameSchema,
      z
        .array(imageUrlSchema.describe('HTTP(S) URL of an example image.'))
        .min(LABEL_SET_LIMITS.minExamples)
        .max(LABEL_SET_LIMITS.maxExamplesPerLabel),
    )
    .describe(
      `Example image URLs by label: ${LABEL_SET_LIMITS.minLabels}-${LABEL_SET_LIMITS.maxLabels} labels, ${LABEL_SET_LIMITS.minExamples}-${LABEL_SET_LIMITS.maxExamplesPerLabel} images each, at most ${LABEL_SET_LIMITS.maxExamples} in all.`,
    ),
});
export type CreateLabelSet = z.input<typeof createLabelSetSchema>;

/**
 * The same set as multipart/form-data: `name`, then one field per example image named
 * `examples.<label>` (repeat it for each image), holding the file or its URL.
 */
export const labelSetUploadSchema = z
  .object({ name: createLabelSetSchema.shape.name })
  .catchall(
    z
      .union([z.file(), imageUrlSchema])
      .describe(
        `A field \`examples.<label>\` per example image, repeated for each: the image file (JPEG, PNG or WebP) or its HTTP(S) URL. ${LABEL_SET_LIMITS.minLabels}-${LABEL_SET_LIMITS.maxLabels} labels, ${LABEL_SET_LIMITS.minExamples}-${LABEL_SET_LIMITS.maxExamplesPerLabel} images each, at most ${LABEL_SET_LIMITS.maxExamples} in all; the whole form at most 10 MB.`,
      ),
  );

export const labelSetSchema = z
  .object({
    id: z.uuid().describe('The set id: pass it as `taxonomy` to POST /api/v1/classify.'),
    name: z.string().describe('Your name for the set.'),
    labels: z
      .array(
        z.object({
          label: z.string().describe('The label.'),
          examples: z.number().int().describe('Example images stored for it.'),
        }),
      )
      .describe('The labels of the set, in name order.'),
    created_at: z.string().describe('When the set was created (ISO 8601, UTC).'),
  })
  .meta({
    id: 'LabelSet',
    description: 'A custom label set of your account: its labels and how many example images each has.',
  });
export type LabelSet = z.infer<typeof labelSetSchema>;

export const createLabelSetResponseSchema = labelSetSchema.extend({
  embedding: z
    .string()
    .describe('What each example was turned into (the vector nearest neighbours are found over).'),
});

export const listLabelSetsResponseSchema = z.object({
  label_sets: z.array(labelSetSchema).describe('Your label sets, newest first.'),
});

export const labelSetIdParamsSchema = z.object({
  id: z.uuid().describe('The label set id.'),
});

export const deleteLabelSetResponseSchema = z.object({
  id: z.string().describe('The id of the deleted set.'),
  deleted: z.literal(true).describe('Always true: the set and its stored examples are gone.'),
});
