/** The shapes of the keyless photo-validation demo (POST /api/demo/photo-validation): the same analysis, shaped as the demo shows it. */
import { z } from 'zod';
import '../zod-config';
import {
  authenticityImageUrlSchema,
  FAIL_TAG_VALUES,
  VERDICT_VALUES,
  evidenceSchema,
  pixelSignalSchema,
} from './analysis';

export const CHECK_TYPE_VALUES = ['comprehensive', 'ai_detection', 'manipulation', 'deepfake'] as const;

export const photoValidationRequestSchema = z
  .object({
    image_url: authenticityImageUrlSchema.optional(),
    check_type: z
      .enum(CHECK_TYPE_VALUES)
      .default('comprehensive')
      .describe(
        'comprehensive (every rule), ai_detection, manipulation, or deepfake (people counted + provenance rules; no deepfake model).',
      ),
  })
  .strict()
  .describe(
    'A photo to validate: image_url as JSON, or a multipart upload with a `file` field and `check_type`.',
  );

export const photoValidationUploadSchema = photoValidationRequestSchema.extend({
  file: z
    .file()
    .optional()
    .describe(
      'The image itself (JPEG, PNG or WebP; sent unresized so its evidence survives); replaces `image_url`.',
    ),
});

const detectedSchema = (what: string) =>
  z
    .object({
      detected: z.boolean().describe(`Whether a rule found ${what}.`),
      confidence: z
        .number()
        .min(0)
        .max(1)
        .describe('Strength of the evidence behind the detection (0 when none).'),
      indicators: z
        .array(z.string().describe('One piece of evidence.'))
        .describe('The evidence in plain words.'),
    })
    .describe(`Whether the photo is ${what}.`);

export const photoValidationResponseSchema = z
  .object({
    image_url: z.string().describe('The image validated (the URL, or the uploaded file name).'),
    is_authentic: z.boolean().describe('True when no counted rule fired; not a proof of authenticity.'),
    authenticity_score: z
      .number()
      .min(0)
      .max(1)
      .describe(
        'clamp(0.5 + 0.5 intact C2PA capture + 0.15 declared camera EXIF - 0.45 declared ai_generated - 0.3 pixel-only ai_generated - 0.3 edited - 0.3 photo_of_photo, 0, 1); 0.5 = no evidence either way.',
      ),
    check_type: z.enum(CHECK_TYPE_VALUES).describe('The check run.'),
    verdict: z.enum(VERDICT_VALUES).describe('The verdict over the rules this check counts.'),
    pixel_signal: pixelSignalSchema,
    fail_tags: z
      .array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.'))
      .describe('Fail tags counted by this check.'),
    analysis: z
      .object({
        ai_generated: detectedSchema('AI-generated'),
        manipulation_detected: z
          .object({
            detected: z.boolean().describe('Whether a rule found editing.'),
            confidence: z.number().min(0).max(1).describe('Strength of the evidence (0 when none).'),
            types: z
              .array(z.string().describe('Kind of evidence.'))
              .describe('Kinds of editing evidence found.'),
          })
          .describe('Whether the photo was edited.'),
        photo_of_photo: detectedSchema('a photo of a screen or print').optional(),
        specific_issues: z
          .array(z.string().describe('One issue.'))
          .describe('Every finding and indicator, in plain words.'),
        metadata_analysis: z
          .object({
            camera_info_present: z.boolean().describe('Camera make or model in EXIF.'),
            gps_data: z.boolean().describe('GPS position in EXIF.'),
            edit_history: z.array(z.string().describe('One step.')).describe('XMP history and C2PA actions.'),
            creation_date: z.string().nullable().describe('EXIF DateTimeOriginal.'),
          })
          .describe('What the metadata says.'),
        people: z
          .object({
            count: z.number().int().describe('People found.'),
            method: z.string().describe('How they were found.'),
            note: z.string().describe('What is and is not checked.'),
          })
          .optional()
          .describe('deepfake check only.'),
      })
      .describe('The analysis by question.'),
    evidence: evidenceSchema,
    indicators: z.array(z.string().describe('One indicator.')).describe('Signals that decide nothing.'),
    processing_time: z.number().describe('Seconds spent.'),
    request_id: z.string().describe('Id of this request.'),
  })
  .describe('The photo-validation result shown by the demo.');

export type PhotoValidationResponse = z.infer<typeof photoValidationResponseSchema>;
