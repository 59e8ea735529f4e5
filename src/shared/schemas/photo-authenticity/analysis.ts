import { z } from 'zod';
import '../zod-config';
import { IMAGE_LIMIT_TEXT } from '../../limits';

/**
 * The shapes of the photo-authenticity analysis (POST /api/predict, POST /api/why_not_real):
 * evidence in layers, each with its `method`; fail tags come from documented rules
 * (src/server/vision/authenticity/rules.ts) and missing evidence proves nothing. The other
 * endpoint families' shapes sit beside this file; their operations are in
 * src/shared/contracts/photo-authenticity.ts.
 */

export const FAIL_TAG_VALUES = ['ai_generated', 'edited', 'photo_of_photo'] as const;

export const VERDICT_VALUES = [
  'ai_generated',
  'likely_ai_generated',
  'edited',
  'recaptured',
  'camera_original',
  'declared_camera',
  'inconclusive',
] as const;

/** The pixel-level AI-image signal (two calibrated models over native-resolution crops, averaged). */
export const pixelSignalSchema = z
  .object({
    score: z
      .number()
      .min(0)
      .max(1)
      .describe('Probe output, 0 to 1 (not a probability): compare it with threshold.'),
    calibrated_probability: z
      .number()
      .min(0)
      .max(1)
      .describe(
        'Probability that the image is AI-generated, calibrated on held-out dev images at even prior odds (it overstates the chance where AI images are rare).',
      ),
    threshold: z
      .number()
      .describe(
        'Score from which the signal gives the ai_generated tag (rule PIXEL) when rule_enabled: set so that at most 2% of the real photos of the dev split score above it.',
      ),
    rule_enabled: z
      .boolean()
      .describe(
        'Whether this model version may tag an image at all: only when, on generators held out of its training, it flagged a useful share of AI images and far more of them than of real photos (the rule and the figures are on the accuracy card). When false the score is reported and decides nothing.',
      ),
    model: z.string().describe('Model name.'),
    version: z.string().describe('Model version.'),
  })
  .describe(
    'The pixel signal: traces generators leave in the highest frequencies, read without metadata. One layer among the others: it never makes an image real, and signed or declared evidence wins over it.',
  );

/** The image URL every authenticity request takes (trimmed, http(s), with the messages the demo shows). */
export const authenticityImageUrlSchema = z
  .string()
  .trim()
  .min(1, 'Please enter an image URL')
  .max(2048)
  .url({ protocol: /^https?$/, message: 'image_url must be an http(s) URL' })
  .describe(
    `URL of a JPEG, PNG or WebP image (${IMAGE_LIMIT_TEXT.size} at most, ${IMAGE_LIMIT_TEXT.sides} pixels a side).`,
  );

export const predictRequestSchema = z
  .object({
    image_url: authenticityImageUrlSchema,
    include_ela_heatmap: z
      .boolean()
      .optional()
      .describe(
        'Also return the error-level-analysis heatmap as a PNG data URL (it makes the response larger). Default false.',
      ),
  })
  .strict()
  .describe('One image to analyse.');

const findingSchema = z
  .object({
    rule: z
      .string()
      .describe(
        'Id of the documented rule that fired, e.g. C2PA-AI, META-DST, PNG-PARAMS, WATERMARK, PIXEL, META-EDITOR, MOIRE.',
      ),
    tag: z.enum(FAIL_TAG_VALUES).describe('The fail tag the rule gives.'),
    explanation: z.string().describe('The evidence behind the tag, in plain words.'),
  })
  .describe('One rule that fired.');

const c2paSchema = z
  .object({
    method: z
      .literal('c2pa-content-credentials')
      .describe('C2PA manifest read and validated with the C2PA SDK (c2pa-rs as WebAssembly).'),
    status: z
      .enum(['absent', 'present', 'unreadable'])
      .describe('absent: no manifest; present: read; unreadable: a manifest store that does not parse.'),
    validation: z
      .enum(['valid', 'untrusted_signer', 'invalid'])
      .optional()
      .describe(
        'valid: signature and hashes hold and the signer is trusted; untrusted_signer: they hold, signer not on a trust list; invalid: a check failed.',
      ),
    validationErrors: z
      .array(z.string().describe('A validator failure code.'))
      .describe('Failure codes, e.g. assertion.dataHash.mismatch; empty when valid.'),
    signer: z.string().optional().describe('Common name (or issuer) of the signing certificate.'),
    signedAt: z.string().optional().describe('Signing time, when the manifest has a trusted time stamp.'),
    claimGenerator: z.string().optional().describe('Software that wrote the manifest.'),
    actions: z
      .array(
        z
          .object({
            action: z.string().describe('C2PA action, e.g. c2pa.created, c2pa.edited.'),
            softwareAgent: z.string().optional().describe('Software that performed it.'),
            digitalSourceType: z
              .string()
              .optional()
              .describe('IPTC digital source type of the action (last path segment).'),
          })
          .describe('One recorded action.'),
      )
      .describe('Actions recorded in the active manifest.'),
    digitalSourceType: z
      .string()
      .optional()
      .describe('digitalSourceType of the c2pa.created action, e.g. trainedAlgorithmicMedia.'),
    error: z.string().optional().describe('Why the store could not be read, when unreadable.'),
  })
  .describe('Layer 1: signed provenance (C2PA Content Credentials).');

const metadataSchema = z
  .object({
    method: z
      .literal('declared-metadata')
      .describe('EXIF, XMP and IPTC read with exifr; PNG text chunks with our chunk reader.'),
    digitalSourceType: z
      .string()
      .optional()
      .describe(
        'IPTC/XMP DigitalSourceType (last path segment), e.g. trainedAlgorithmicMedia, digitalCapture.',
      ),
    aiFields: z
      .record(z.string(), z.string())
      .describe(
        'IPTC 2025 AI fields found: AISystemUsed, AISystemVersionUsed, AIPromptInformation, AIPromptWriterName.',
      ),
    software: z.string().optional().describe('EXIF Software (or a PNG Software chunk).'),
    creatorTool: z.string().optional().describe('XMP CreatorTool.'),
    history: z
      .array(
        z
          .object({
            action: z.string().describe('XMP history action, e.g. saved, converted.'),
            softwareAgent: z.string().optional().describe('Software that performed it.'),
            when: z.string().optional().describe('When, as written.'),
          })
          .describe('One XMP history entry.'),
      )
      .describe('XMP editing history (xmpMM:History).'),
    editors: z
      .array(z.string().describe('Editing software named.'))
      .describe('Editing software named in Software, CreatorTool or the history.'),
    declaredGenerators: z
      .array(z.string().describe('Generator named.'))
      .describe('Image generators named in Software or CreatorTool.'),
    pngGenerators: z
      .array(
        z
          .object({
            generator: z
              .string()
              .describe('AUTOMATIC1111 / Forge, ComfyUI, InvokeAI, NovelAI, Fooocus, Midjourney.'),
            chunk: z.string().describe('PNG text chunk keyword that holds the parameters.'),
            excerpt: z.string().describe('Start of the chunk text (at most 300 characters).'),
          })
          .describe('Generator parameters found in a PNG text chunk.'),
      )
      .describe('Generator parameters in PNG text chunks.'),
    camera: z
      .object({
        make: z.string().optional().describe('EXIF Make.'),
        model: z.string().optional().describe('EXIF Model.'),
        lens: z.string().optional().describe('EXIF LensModel.'),
        exposureTime: z.number().optional().describe('Exposure time in seconds.'),
        fNumber: z.number().optional().describe('Aperture f-number.'),
        iso: z.number().optional().describe('ISO speed.'),
        focalLength: z.number().optional().describe('Focal length in mm.'),
        takenAt: z.string().optional().describe('EXIF DateTimeOriginal.'),
        thumbnail: z
          .object({ width: z.number().describe('Pixels.'), height: z.number().describe('Pixels.') })
          .optional()
          .describe('Size of the embedded EXIF thumbnail.'),
      })
      .describe('Camera EXIF.'),
    gps: z.boolean().describe('Whether EXIF carries a GPS position (the position itself is not returned).'),
    hasMetadata: z
      .boolean()
      .describe('Whether the file carries any metadata at all. Its absence proves nothing.'),
  })
  .describe('Layer 2: declared metadata.');

const watermarkSchema = z
  .object({
    method: z
      .literal('invisible-watermark-dwtdct')
      .describe("The invisible-watermark library's dwtDct decoder, re-implemented."),
    marks: z
      .array(
        z
          .object({
            id: z.enum(['stable-diffusion-v1', 'stable-diffusion-v2', 'sdxl']).describe('Which known mark.'),
            generator: z.string().describe('Who embeds it.'),
            payload: z.string().describe('The published payload.'),
            matchingBits: z.number().int().describe('Bits of the payload read back from the pixels.'),
            totalBits: z.number().int().describe('Payload length in bits.'),
            match: z.number().describe('matchingBits / totalBits; about 0.5 on unmarked images.'),
            status: z
              .enum(['detected', 'trace', 'absent'])
              .describe('detected: >= 90% of bits; trace: >= 75% (decides nothing); absent otherwise.'),
            decodedText: z.string().optional().describe('What the bits spell, for text payloads.'),
          })
          .describe('One known generator watermark.'),
      )
      .describe('One reading per known mark (empty below 256x256 pixels).'),
  })
  .describe('Layer 3: invisible generator watermarks.');

const signalsSchema = z
  .object({
    method: z
      .literal('pixel-and-file-signals')
      .describe('Indicators measured on pixels and file structure; never a verdict alone.'),
    camera_exif: z
      .object({
        present: z.boolean().describe('Camera make or model present.'),
        consistent: z
          .boolean()
          .describe('Make, model, capture time, two exposure values and a matching thumbnail.'),
        issues: z.array(z.string().describe('One issue.')).describe('What is missing or contradictory.'),
      })
      .describe('Camera EXIF consistency.'),
    jpeg_quantisation: z
      .object({
        standardTables: z
          .boolean()
          .describe(
            'True when the tables are the libjpeg (IJG) standard tables, as software encoders write them.',
          ),
        quality: z
          .number()
          .int()
          .describe('That quality, or the closest IJG quality when the tables are custom.'),
        tables: z.number().int().describe('Number of quantisation tables.'),
      })
      .nullable()
      .describe('JPEG quantisation tables compared with the IJG tables; null for PNG and WebP.'),
    ela: z
      .object({
        heatmapPng: z
          .string()
          .optional()
          .describe(
            'Heatmap PNG data URL (when include_ela_heatmap): bright = large change on re-save at quality 90.',
          ),
        width: z.number().int().describe('Heatmap width in pixels.'),
        height: z.number().int().describe('Heatmap height in pixels.'),
        meanError: z.number().describe('Mean per-pixel error (0-255).'),
        p99Error: z.number().describe('99th percentile per-pixel error.'),
        hotTileShare: z
          .number()
          .describe('Share of 16x16 tiles re-compressing more than 3x the median tile.'),
      })
      .describe('Error level analysis (a picture to read, not a verdict).'),
    recapture: z
      .object({
        peakProminenceDb: z.number().describe('Strongest off-axis spectral peak above its ring, in dB.'),
        peakPeriodPx: z.number().describe('Its spatial period in pixels.'),
        strongPeaks: z.number().int().describe('Peaks above the strong threshold (30 dB).'),
        level: z
          .enum(['none', 'weak', 'strong'])
          .describe('strong: periodic moire typical of a photographed screen or print.'),
      })
      .describe('Recapture (photo-of-a-screen/print) indicator from the spectrum.'),
  })
  .describe('Layer 4: pixel and file signals.');

export const evidenceSchema = z
  .object({ c2pa: c2paSchema, metadata: metadataSchema, watermark: watermarkSchema, signals: signalsSchema })
  .describe('Every evidence layer, as found.');

export const predictResponseSchema = z
  .object({
    image_url: z.string().describe('The image analysed.'),
    is_real: z
      .boolean()
      .describe(
        'False exactly when a fail tag is present. True means no rule fired, not that the photo is proven authentic.',
      ),
    fail_tags: z
      .array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.'))
      .describe('ai_generated, edited and/or photo_of_photo, from the documented rules.'),
    verdict: z
      .enum(VERDICT_VALUES)
      .describe(
        'ai_generated (signed or declared AI evidence), likely_ai_generated (the pixel signal alone), edited, recaptured, camera_original (signed C2PA capture, no fail tag), declared_camera (consistent but unsigned camera EXIF, which anyone can write) or inconclusive (no evidence either way).',
      ),
    pixel_signal: pixelSignalSchema,
    findings: z.array(findingSchema).describe('The rules that fired, with their evidence.'),
    indicators: z
      .array(z.string().describe('One indicator.'))
      .describe('Signals worth a look that decide nothing.'),
    evidence: evidenceSchema,
    image: z
      .object({
        format: z.enum(['jpeg', 'png', 'webp']).describe('Format sniffed from the bytes.'),
        width: z.number().int().describe('Width in pixels.'),
        height: z.number().int().describe('Height in pixels.'),
        bytes: z.number().int().describe('File size.'),
      })
      .describe('The image as received.'),
    processing_time: z.number().describe('Seconds spent analysing.'),
    request_id: z.string().describe('Id of this request (also in the X-Request-Id header).'),
  })
  .describe('The authenticity analysis of one image.');

export const whyNotRealResponseSchema = z
  .object({
    image_url: z.string().describe('The image analysed.'),
    is_real: z.boolean().describe('False exactly when a fail tag is present.'),
    fail_tags: z.array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.')).describe('The fail tags.'),
    verdict: z.enum(VERDICT_VALUES).describe('The verdict, as /api/predict gives it.'),
    pixel_signal: pixelSignalSchema,
    explanations: z
      .array(
        z
          .object({
            tag: z.enum(FAIL_TAG_VALUES).describe('The fail tag.'),
            reason: z
              .string()
              .describe('Why the tag was given, in plain words (all its evidence in one paragraph).'),
            evidence: z
              .array(z.string().describe('One piece of evidence in plain words.'))
              .describe('Each rule that gave the tag, one sentence each.'),
          })
          .describe('One fail tag and its evidence.'),
      )
      .describe('For each fail tag, the evidence behind it; empty when is_real.'),
    summary: z
      .string()
      .describe('One paragraph in plain words, including what the absence of evidence means.'),
    request_id: z.string().describe('Id of this request.'),
  })
  .describe('Why an image was not judged real.');

export type PredictResponse = z.infer<typeof predictResponseSchema>;

export type WhyNotRealResponse = z.infer<typeof whyNotRealResponseSchema>;
