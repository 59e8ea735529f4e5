/**
 * Request and response of the captioning API (POST /api/v1/caption) and its keyless demo twin.
 */
import { z } from 'zod';
import './zod-config';
import { imageSourceFields } from './image-source';

const image = imageSourceFields();

export const CAPTION_STYLE_VALUES = ['descriptive', 'creative', 'technical', 'emotional'] as const;
export type CaptionStyleValue = (typeof CAPTION_STYLE_VALUES)[number];

export const CAPTION_METHOD = 'composed from detected content';

export const captionRequestSchema = z.strictObject({
  ...image.json,
  style: z
    .enum(CAPTION_STYLE_VALUES)
    .default('descriptive')
    .describe(
      'Phrasing: descriptive (plain inventory), creative (figurative), technical (measured values and counts), emotional (mood and feeling).',
    ),
  max_length: z
    .number()
    .int()
    .min(10)
    .max(150)
    .default(100)
    .describe(
      "Word limit (10-150; the demo's lengths are short 50, medium 100, long 150). A longer caption is cut at the limit and ends with an ellipsis.",
    ),
});
export type CaptionRequestParsed = z.output<typeof captionRequestSchema>;

export const captionUploadSchema = captionRequestSchema.extend({
  ...image.upload,
  max_length: z.coerce.number().int().min(10).max(150).default(100).describe('Word limit (10-150), as text.'),
});

export const captionResponseSchema = z.object({
  image_url: z.string().nullable().describe('The image URL as sent; null for an upload.'),
  caption: z
    .string()
    .describe('The caption, composed from what the analysis found; cut at the word limit with an ellipsis.'),
  style: z.enum(CAPTION_STYLE_VALUES).describe('The style used.'),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'Mean confidence of the parts the caption rests on (room or scene, objects, text read); an indicator, not a certainty.',
    ),
  word_count: z.number().int().describe('Words in the caption (the ellipsis is not a word).'),
  processing_time: z.number().describe('Seconds spent on the server, image fetch included.'),
  language_detected: z
    .string()
    .describe(
      'Language of text read in the image (ISO 639-1, e.g. `en`, `zh`), or `none` when no text was read.',
    ),
  request_id: z.string().describe('Id of this request (also in the X-Request-Id header).'),
  analysis_method: z
    .literal(CAPTION_METHOD)
    .describe('Always "composed from detected content": no captioning model writes it.'),
});
export type CaptionResponse = z.infer<typeof captionResponseSchema>;
