/**
 * Request and response of the watermark detection API (POST /api/v1/watermark) and its keyless
 * demo twin. Shared by the functions (validation), the island (parsing) and the docs.
 */
import { z } from 'zod';
import { imageSourceFields } from './image-source';

const image = imageSourceFields();

export const detectTypes = ['all', 'visible', 'invisible', 'brand_logos'] as const;
export const sensitivities = ['low', 'medium', 'high'] as const;

export const watermarkRequestSchema = z.strictObject({
  ...image.json,
  detect_type: z
    .enum(detectTypes)
    .default('all')
    .describe(
      'What to look for: all, visible (text marks), invisible (dwtDct generator marks and rights metadata) or brand_logos (wordmarks).',
    ),
  sensitivity: z
    .enum(sensitivities)
    .default('medium')
    .describe(
      "Decision threshold: low (x0.6), medium (x1) or high (x1.4) applied to each mark's evidence score.",
    ),
  include_invisible: z
    .boolean()
    .default(true)
    .describe('Decode invisible marks (dwtDct) too; only with detect_type all or invisible.'),
});

/** The multipart form of the same request: the image as `file`, the options as text fields. */
export const watermarkUploadSchema = watermarkRequestSchema.extend({
  ...image.upload,
});
export type WatermarkRequestParsed = z.output<typeof watermarkRequestSchema>;

const boxSchema = z
  .object({
    x: z.number().int().describe('Left edge in source-image pixels.'),
    y: z.number().int().describe('Top edge in source-image pixels.'),
    width: z.number().int().describe('Width in source-image pixels.'),
    height: z.number().int().describe('Height in source-image pixels.'),
  })
  .describe('Axis-aligned box around the mark, in the pixels of the image as sent (after EXIF rotation).');

export const visibleWatermarkSchema = z.object({
  type: z
    .enum(['text', 'tiled_pattern', 'wordmark'])
    .describe(
      'text: one overlay line; tiled_pattern: the same text repeated over the image; wordmark: a brand name from the brand list.',
    ),
  text: z.string().describe('The text as read (OCR), or the repeated word of a tiled pattern.'),
  location: boxSchema,
  confidence: z
    .number()
    .min(0)
    .max(0.99)
    .describe(
      'How strongly the image evidence points to an overlay (0-0.99); an indicator, not a certainty.',
    ),
  opacity: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'Estimated opacity of the text over what is underneath (0-1), from how it blends with the background.',
    ),
});

export const invisibleWatermarkSchema = z.object({
  type: z.literal('ai_generator').describe('A mark that an image generator embeds.'),
  algorithm: z.literal('dwtDct').describe("The invisible-watermark library's DWT-DCT method."),
  strength: z.number().min(0).max(1).describe('How decisively the image blocks vote for each bit (0-1).'),
  confidence: z.number().min(0).max(1).describe("Share of the payload's bits that match (bit agreement)."),
  embedded_data: z
    .string()
    .describe('The decoded payload: its text (StableDiffusionV1, SDV2) or the SDXL bits as hex.'),
  generator: z.string().describe('Who embeds this payload.'),
  status: z
    .enum(['detected', 'trace'])
    .describe('detected: 90% of bits or more match; trace: 75% or more (reported at high sensitivity only).'),
});

export const brandLogoSchema = z.object({
  brand: z.string().describe('Brand from the brand list whose wordmark was read.'),
  location: boxSchema,
  confidence: z.number().min(0).max(0.99).describe('How closely the text matches the brand name (0-0.99).'),
  logo_type: z
    .enum(['overlay', 'embedded'])
    .describe(
      'overlay: laid over the photo (semi-transparent or placed like a watermark); embedded: part of the scene (a sign, a product).',
    ),
});

const group = <T extends z.ZodType>(item: T, what: string) =>
  z.object({
    detected: z.boolean().describe(`True when at least one ${what} was found.`),
    count: z.number().int().min(0).describe(`Number of ${what}s found.`),
    checked: z.boolean().describe('False when detect_type (or include_invisible) left this analysis out.'),
    items: z.array(item).describe(`The ${what}s found.`),
  });

export const rightsMetadataSchema = z.object({
  checked: z.boolean().describe('False when detect_type brand_logos left the metadata unread.'),
  present: z.boolean().describe('True when the file declares any of the fields below.'),
  copyright_notice: z.string().nullable().describe('IPTC Copyright Notice, else EXIF Copyright.'),
  credit: z.string().nullable().describe('IPTC Credit Line (or XMP photoshop:Credit).'),
  source: z.string().nullable().describe('IPTC Source (or XMP photoshop:Source).'),
  creator: z.string().nullable().describe('IPTC By-line, XMP dc:creator or EXIF Artist.'),
  rights: z.string().nullable().describe('XMP dc:rights.'),
  marked: z
    .boolean()
    .nullable()
    .describe('XMP xmpRights:Marked: true rights-managed, false public domain, null not said.'),
  web_statement: z.string().nullable().describe('XMP xmpRights:WebStatement: a page describing the rights.'),
  licensors: z.array(z.string()).describe('PLUS licensor names (XMP plus:Licensor).'),
  sources: z
    .record(z.string(), z.string())
    .describe('Where each value was read (field -> IPTC, XMP or EXIF tag).'),
  c2pa: z
    .object({
      status: z
        .enum(['absent', 'present', 'unreadable'])
        .describe(
          'absent: no C2PA manifest; present: read; unreadable: a manifest store that does not parse.',
        ),
      validation: z
        .string()
        .nullable()
        .describe(
          'valid, untrusted_signer (intact, signer on no configured trust list) or invalid; null without a manifest.',
        ),
      signer: z.string().nullable().describe('Who signed the manifest.'),
      claim_generator: z.string().nullable().describe('The tool that wrote the manifest.'),
      actions: z.array(z.string()).describe('The action assertions (c2pa.created, c2pa.edited...).'),
    })
    .describe('C2PA Content Credentials embedded in the file.'),
  note: z
    .string()
    .describe(
      'These are declarations written into the file, not marks in the pixels; they never count as a detected watermark.',
    ),
});

export const watermarkResponseSchema = z.object({
  image_url: z.string().nullable().describe('The image_url sent, or null for an upload.'),
  image_width: z
    .number()
    .int()
    .describe(
      'Width of the analysed image in pixels (after EXIF rotation): the coordinate system of every location.',
    ),
  image_height: z.number().int().describe('Height of the analysed image in pixels (after EXIF rotation).'),
  watermarks_detected: z.boolean().describe('True when any visible, invisible or brand-logo mark was found.'),
  total_watermarks: z.number().int().min(0).describe('Visible marks + invisible marks + brand logos.'),
  detection_settings: z
    .object({
      sensitivity_factor: z.number().describe('Factor the evidence scores are multiplied by: 0.6, 1 or 1.4.'),
      decision_threshold: z.number().describe('Score a mark must reach after the factor.'),
      text_reader: z.string().describe('The OCR that read the text.'),
      invisible_scope: z.string().describe('Which invisible schemes are checked, and which are not.'),
      logo_note: z.string().describe('What the brand-logo analysis can and cannot recognise.'),
    })
    .describe('How the decision was made.'),
  detection_parameters: z
    .object({
      type: z.enum(detectTypes).describe('detect_type as applied.'),
      sensitivity: z.enum(sensitivities).describe('sensitivity as applied.'),
      include_invisible: z.boolean().describe('include_invisible as applied.'),
    })
    .describe('The request parameters as applied (defaults filled in).'),
  visible_watermarks: group(visibleWatermarkSchema, 'visible watermark').describe(
    'Text overlays: single lines, tiled patterns and wordmarks.',
  ),
  invisible_watermarks: group(invisibleWatermarkSchema, 'invisible watermark').describe(
    'Decoded invisible generator marks (dwtDct).',
  ),
  brand_logos: group(brandLogoSchema, 'brand logo').describe(
    'Wordmark logos recognised from their text against the brand list.',
  ),
  rights_metadata: rightsMetadataSchema.describe(
    "Rights declarations in the file's IPTC, XMP and EXIF metadata.",
  ),
  processing_time: z.number().describe('Seconds spent analysing the image (fetch excluded).'),
  request_id: z.string().describe('Identifier of this request, for support.'),
});
export type WatermarkResponse = z.infer<typeof watermarkResponseSchema>;

// ---- The account's brand list (/api/v1/watermark/brands) ----

export const accountBrandSchema = z
  .object({
    id: z.string().describe('Id of the brand entry (UUID); use it to remove the brand.'),
    name: z.string().describe('The brand as reported in `brand_logos`.'),
    aliases: z
      .array(z.string().describe('One other spelling.'))
      .describe('Other spellings that count as this brand (compared without case, spaces or punctuation).'),
    created_at: z.string().describe('When the brand was added (ISO 8601, UTC).'),
  })
  .meta({ id: 'AccountBrand', description: 'A brand wordmark the account added to the watermark analysis.' });

export const brandListSchema = z.object({
  brands: z.array(accountBrandSchema).describe("The account's own brands, oldest first."),
  default_brands: z
    .array(z.string().describe('One brand of the default list.'))
    .describe('The default list, which every analysis uses as well.'),
  limit: z.number().int().describe('How many brands an account may add.'),
});

export const addBrandRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(3)
    .max(80)
    .describe(
      'The brand as written in its wordmark (at least 3 letters or digits), e.g. `Northlight Images`.',
    ),
  aliases: z
    .array(z.string().trim().min(3).max(80).describe('One other spelling.'))
    .max(10)
    .optional()
    .describe('Other spellings that count as the brand, e.g. a domain (`northlight.example`) or a handle.'),
});
