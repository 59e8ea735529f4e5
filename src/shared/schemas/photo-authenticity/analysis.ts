/**
 * Contracts of the photo-authenticity API (/api/predict, /api/why_not_real, /api/error) and of
 * the keyless photo-validation demo endpoint. The analysis reports evidence in layers, each
 * with its `method`; fail tags come from documented rules (src/server/vision/authenticity/rules.ts)
 * and missing evidence proves nothing.
 */
import { z } from 'zod';
import '../schemas/zod-config';
import { withUsage } from '../schemas/api-usage';
import { API_IDS } from '../api-ids';
import { IMAGE_LIMIT_TEXT } from '../limits';
import { DEFAULT_SITE_ORIGIN } from '../site-origin';
import { IMAGE_ERRORS, KEY_ERRORS, storedExchanges } from './common';
import { defineOperation } from './operation';

export const FAIL_TAG_VALUES = ['ai_generated', 'edited', 'photo_of_photo'] as const;
export const VERDICT_VALUES = ['ai_generated', 'edited', 'recaptured', 'camera_original', 'inconclusive'] as const;

const imageUrl = z.string().trim().min(1, 'Please enter an image URL').max(2048).url({ protocol: /^https?$/, message: 'image_url must be an http(s) URL' }).describe(`URL of a JPEG, PNG or WebP image (${IMAGE_LIMIT_TEXT.size} at most, ${IMAGE_LIMIT_TEXT.sides} pixels a side).`);

export const predictRequestSchema = z
  .object({
    image_url: imageUrl,
    include_ela_heatmap: z.boolean().optional().describe('Also return the error-level-analysis heatmap as a PNG data URL (it makes the response larger). Default false.'),
  })
  .strict()
  .describe('One image to analyse.');

const findingSchema = z
  .object({
    rule: z.string().describe('Id of the documented rule that fired, e.g. C2PA-AI, META-DST, PNG-PARAMS, WATERMARK, META-EDITOR, MOIRE.'),
    tag: z.enum(FAIL_TAG_VALUES).describe('The fail tag the rule gives.'),
    explanation: z.string().describe('The evidence behind the tag, in plain words.'),
  })
  .describe('One rule that fired.');

const c2paSchema = z
  .object({
    method: z.literal('c2pa-content-credentials').describe('C2PA manifest read and validated with the C2PA SDK (c2pa-rs as WebAssembly).'),
    status: z.enum(['absent', 'present', 'unreadable']).describe('absent: no manifest; present: read; unreadable: a manifest store that does not parse.'),
    validation: z.enum(['valid', 'untrusted_signer', 'invalid']).optional().describe('valid: signature and hashes hold and the signer is trusted; untrusted_signer: they hold, signer not on a trust list; invalid: a check failed.'),
    validationErrors: z.array(z.string().describe('A validator failure code.')).describe('Failure codes, e.g. assertion.dataHash.mismatch; empty when valid.'),
    signer: z.string().optional().describe('Common name (or issuer) of the signing certificate.'),
    signedAt: z.string().optional().describe('Signing time, when the manifest has a trusted time stamp.'),
    claimGenerator: z.string().optional().describe('Software that wrote the manifest.'),
    actions: z
      .array(
        z
          .object({
            action: z.string().describe('C2PA action, e.g. c2pa.created, c2pa.edited.'),
            softwareAgent: z.string().optional().describe('Software that performed it.'),
            digitalSourceType: z.string().optional().describe('IPTC digital source type of the action (last path segment).'),
          })
          .describe('One recorded action.'),
      )
      .describe('Actions recorded in the active manifest.'),
    digitalSourceType: z.string().optional().describe('digitalSourceType of the c2pa.created action, e.g. trainedAlgorithmicMedia.'),
    error: z.string().optional().describe('Why the store could not be read, when unreadable.'),
  })
  .describe('Layer 1: signed provenance (C2PA Content Credentials).');

const metadataSchema = z
  .object({
    method: z.literal('declared-metadata').describe('EXIF, XMP and IPTC read with exifr; PNG text chunks with our chunk reader.'),
    digitalSourceType: z.string().optional().describe('IPTC/XMP DigitalSourceType (last path segment), e.g. trainedAlgorithmicMedia, digitalCapture.'),
    aiFields: z.record(z.string(), z.string()).describe('IPTC 2025 AI fields found: AISystemUsed, AISystemVersionUsed, AIPromptInformation, AIPromptWriterName.'),
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
    editors: z.array(z.string().describe('Editing software named.')).describe('Editing software named in Software, CreatorTool or the history.'),
    declaredGenerators: z.array(z.string().describe('Generator named.')).describe('Image generators named in Software or CreatorTool.'),
    pngGenerators: z
      .array(
        z
          .object({
            generator: z.string().describe('AUTOMATIC1111 / Forge, ComfyUI, InvokeAI, NovelAI, Fooocus, Midjourney.'),
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
        thumbnail: z.object({ width: z.number().describe('Pixels.'), height: z.number().describe('Pixels.') }).optional().describe('Size of the embedded EXIF thumbnail.'),
      })
      .describe('Camera EXIF.'),
    gps: z.boolean().describe('Whether EXIF carries a GPS position (the position itself is not returned).'),
    hasMetadata: z.boolean().describe('Whether the file carries any metadata at all. Its absence proves nothing.'),
  })
  .describe('Layer 2: declared metadata.');

const watermarkSchema = z
  .object({
    method: z.literal('invisible-watermark-dwtdct').describe("The invisible-watermark library's dwtDct decoder, re-implemented."),
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
            status: z.enum(['detected', 'trace', 'absent']).describe('detected: >= 90% of bits; trace: >= 75% (decides nothing); absent otherwise.'),
            decodedText: z.string().optional().describe('What the bits spell, for text payloads.'),
          })
          .describe('One known generator watermark.'),
      )
      .describe('One reading per known mark (empty below 256x256 pixels).'),
  })
  .describe('Layer 3: invisible generator watermarks.');

const signalsSchema = z
  .object({
    method: z.literal('pixel-and-file-signals').describe('Indicators measured on pixels and file structure; never a verdict alone.'),
    camera_exif: z
      .object({
        present: z.boolean().describe('Camera make or model present.'),
        consistent: z.boolean().describe('Make, model, capture time, two exposure values and a matching thumbnail.'),
        issues: z.array(z.string().describe('One issue.')).describe('What is missing or contradictory.'),
      })
      .describe('Camera EXIF consistency.'),
    jpeg_quantisation: z
      .object({
        standardTables: z.boolean().describe('True when the tables are the libjpeg (IJG) standard tables, as software encoders write them.'),
        quality: z.number().int().describe('That quality, or the closest IJG quality when the tables are custom.'),
        tables: z.number().int().describe('Number of quantisation tables.'),
      })
      .nullable()
      .describe('JPEG quantisation tables compared with the IJG tables; null for PNG and WebP.'),
    ela: z
      .object({
        heatmapPng: z.string().optional().describe('Heatmap PNG data URL (when include_ela_heatmap): bright = large change on re-save at quality 90.'),
        width: z.number().int().describe('Heatmap width in pixels.'),
        height: z.number().int().describe('Heatmap height in pixels.'),
        meanError: z.number().describe('Mean per-pixel error (0-255).'),
        p99Error: z.number().describe('99th percentile per-pixel error.'),
        hotTileShare: z.number().describe('Share of 16x16 tiles re-compressing more than 3x the median tile.'),
      })
      .describe('Error level analysis (a picture to read, not a verdict).'),
    recapture: z
      .object({
        peakProminenceDb: z.number().describe('Strongest off-axis spectral peak above its ring, in dB.'),
        peakPeriodPx: z.number().describe('Its spatial period in pixels.'),
        strongPeaks: z.number().int().describe('Peaks above the strong threshold (30 dB).'),
        level: z.enum(['none', 'weak', 'strong']).describe('strong: periodic moire typical of a photographed screen or print.'),
      })
      .describe('Recapture (photo-of-a-screen/print) indicator from the spectrum.'),
  })
  .describe('Layer 4: pixel and file signals.');

const evidenceSchema = z
  .object({ c2pa: c2paSchema, metadata: metadataSchema, watermark: watermarkSchema, signals: signalsSchema })
  .describe('Every evidence layer, as found.');

export const predictResponseSchema = z
  .object({
    image_url: z.string().describe('The image analysed.'),
    is_real: z.boolean().describe('False exactly when a fail tag is present. True means no rule fired, not that the photo is proven authentic.'),
    fail_tags: z.array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.')).describe('ai_generated, edited and/or photo_of_photo, from the documented rules.'),
    verdict: z.enum(VERDICT_VALUES).describe('ai_generated, edited, recaptured, camera_original (consistent camera evidence, no fail tag) or inconclusive (no evidence either way).'),
    findings: z.array(findingSchema).describe('The rules that fired, with their evidence.'),
    indicators: z.array(z.string().describe('One indicator.')).describe('Signals worth a look that decide nothing.'),
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
    explanations: z
      .array(
        z
          .object({
            tag: z.enum(FAIL_TAG_VALUES).describe('The fail tag.'),
            reason: z.string().describe('Why the tag was given, in plain words (all its evidence in one paragraph).'),
            evidence: z.array(z.string().describe('One piece of evidence in plain words.')).describe('Each rule that gave the tag, one sentence each.'),
          })
          .describe('One fail tag and its evidence.'),
      )
      .describe('For each fail tag, the evidence behind it; empty when is_real.'),
    summary: z.string().describe('One paragraph in plain words, including what the absence of evidence means.'),
    request_id: z.string().describe('Id of this request.'),
  })
  .describe('Why an image was not judged real.');

export const errorReportRequestSchema = z
  .object({
    image_url: imageUrl,
    job_id: z.string().uuid().nullable().optional().describe('The batch job the result came from, if any.'),
    comment: z.string().trim().max(2000).nullable().optional().describe('What was wrong with the result (2000 characters at most).'),
  })
  .strict()
  .describe('A report of a wrong result.');

export const errorReportResponseSchema = z
  .object({
    status: z.literal('received').describe('The report is stored.'),
    message: z.string().describe('A confirmation sentence.'),
    report_id: z.string().uuid().describe('Id of the stored report.'),
  })
  .describe('Acknowledgement of an error report.');

/** The site's own sample photos (read from disk by the server): samples run as copied. */
const SAMPLE_AI = `${DEFAULT_SITE_ORIGIN}/images/samples/validation-iptc-ai.jpg`;
const SAMPLE_CAMERA = `${DEFAULT_SITE_ORIGIN}/images/samples/validation-camera-exif.jpg`;
const API_ERRORS = [...IMAGE_ERRORS, ...KEY_ERRORS] as const;

/** POST /api/predict */
export const predictOperation = defineOperation({
  operationId: 'predictAuthenticity',
  method: 'POST',
  path: '/api/predict',
  group: API_IDS.photoAuthenticity,
  summary: 'Analyse one image for authenticity evidence',
  description:
    'Reads C2PA Content Credentials, declared metadata, known generator watermarks and pixel/file signals, and applies the documented rules: `is_real` is false exactly when a fail tag is present. Missing evidence proves nothing: an image with none either way is `inconclusive`.',
  auth: 'apiKey',
  body: predictRequestSchema,
  response: { status: 200, description: 'The analysis, layer by layer, and what the call counted.', schema: withUsage(predictResponseSchema) },
  errors: API_ERRORS,
  rateLimit: 'single',
  examples: { request: [{ summary: 'An image that declares itself AI-generated', value: { image_url: SAMPLE_AI } }] },
  // A real answer (npm run examples -- predict): the docs' quick start reads its verdict.
  storedExamples: { response: ['predict'] },
});

/** POST /api/why_not_real */
export const whyNotRealOperation = defineOperation({
  operationId: 'whyNotReal',
  method: 'POST',
  path: '/api/why_not_real',
  group: API_IDS.photoAuthenticity,
  summary: 'Explain the fail tags of an image',
  description: 'Runs the same analysis as /api/predict and returns, for each fail tag, the evidence behind it in plain words.',
  auth: 'apiKey',
  body: z.object({ image_url: imageUrl }).strict().describe('The image to explain.'),
  response: { status: 200, description: 'The fail tags and their evidence, and what the call counted.', schema: withUsage(whyNotRealResponseSchema) },
  errors: API_ERRORS,
  rateLimit: 'single',
  examples: { request: [{ summary: 'Explain one image', value: { image_url: SAMPLE_AI } }] },
});

/** POST /api/error */
export const errorReportOperation = defineOperation({
  operationId: 'reportAuthenticityError',
  method: 'POST',
  path: '/api/error',
  group: API_IDS.photoAuthenticity,
  summary: 'Report a wrong result',
  description: 'Stores a report of a wrong authenticity result; the team reads reports on the admin page.',
  auth: 'apiKey',
  body: errorReportRequestSchema,
  response: { status: 201, description: 'The report is stored (reports are not metered).', schema: withUsage(errorReportResponseSchema) },
  errors: ['INVALID_REQUEST', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  rateLimit: 'errors',
  examples: {
    request: [{ summary: 'A result that looks wrong', value: { image_url: SAMPLE_CAMERA, job_id: null, comment: 'Unedited photo from our own adjuster.' } }],
  },
});

export const BATCH_MAX_IMAGES = 50;
export const JOB_STATUS_VALUES = ['pending', 'processing', 'completed', 'failed'] as const;

export const predictBatchRequestSchema = z
  .object({
    image_urls: z.array(imageUrl).min(1, 'Send at least one image URL').max(BATCH_MAX_IMAGES, `Send at most ${BATCH_MAX_IMAGES} image URLs`).describe('URLs of the images to analyse, 1 to 50; results come back in this order.'),
    callback_url: z
      .string()
      .trim()
      .max(2048)
      .url({ protocol: /^https?$/, message: 'callback_url must be an http(s) URL' })
      .optional()
      .describe('Public https URL that receives the final job body (POST, signed with the Optiq-Signature header) when the job ends. Needs an API key.'),
  })
  .strict()
  .describe('The images of a batch job.');

export const batchJobCreatedSchema = z
  .object({
    job_id: z.string().uuid().describe('Id of the job: poll GET /api/predict_batch/{job_id}.'),
    job_status: z.enum(JOB_STATUS_VALUES).describe('pending for a new job; a retry with the same Idempotency-Key returns the job as it is now.'),
    created_at: z.string().describe('When the job was created (ISO 8601).'),
  })
  .describe('The queued job.');

const batchItemSchema = z
  .object({
    image_url: z.string().describe('The image, as sent.'),
    is_real: z.boolean().optional().describe('false exactly when a fail tag is present; absent when the image could not be analysed.'),
    fail_tags: z.array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.')).optional().describe('Fail tags, as /api/predict gives them; absent on error.'),
    verdict: z.enum(VERDICT_VALUES).optional().describe('The verdict, as /api/predict gives it; absent on error.'),
    error: z
      .object({
        code: z.string().describe('Error code, e.g. IMAGE_FETCH_FAILED, INVALID_IMAGE, IMAGE_URL_NOT_ALLOWED.'),
        message: z.string().describe('What went wrong with this image.'),
      })
      .optional()
      .describe('Why this image has no result (the other images are not affected).'),
  })
  .describe('The result of one image, or its error.');

export const batchJobSchema = z
  .object({
    job_id: z.string().uuid().describe('Id of the job.'),
    job_status: z.enum(JOB_STATUS_VALUES).describe('pending (queued), processing (images being analysed), completed (every image has a result or an error), failed (the job could not be finished).'),
    created_at: z.string().describe('When the job was created (ISO 8601).'),
    progress: z
      .object({
        done: z.number().int().describe('Images finished (with a result or an error).'),
        total: z.number().int().describe('Images in the job.'),
      })
      .describe('How far the job is.'),
    finished_at: z.string().optional().describe('When the job completed or failed (ISO 8601).'),
    error: z.string().optional().describe('Why the job failed, when failed (an image failed on our side through every retry); there are no results then.'),
    results: z.array(batchItemSchema).optional().describe('One entry per image in request order; present only when job_status is completed.'),
  })
  .describe('A batch job and, once completed, its results.');

/** POST /api/predict_batch */
export const predictBatchOperation = defineOperation({
  operationId: 'predictAuthenticityBatch',
  method: 'POST',
  path: '/api/predict_batch',
  group: API_IDS.photoAuthenticity,
  summary: 'Start a batch job of up to 50 images',
  description:
    'Queues the images for the same analysis as /api/predict and answers at once with a job to poll. Jobs run on a durable queue: a job survives a server restart, and each image is analysed and counted once. Send an `Idempotency-Key` header (up to 200 characters) to make retries safe: the same key with the same body returns the same job, the same key with another body is a 422 `IDEMPOTENCY_KEY_REUSED`. With `callback_url`, the final job body is POSTed there when the job ends, signed: header `Optiq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the hex SHA-256 of the API key that created the job; delivery follows the image-fetching address rules and is retried with backoff. Image and callback URLs meet the address rules of /api/predict at submission: another scheme is a 400 `INVALID_REQUEST`, credentials, another port, an internal host name or a private, loopback or link-local address a 422 `IMAGE_URL_NOT_ALLOWED` naming the field, and no job is made. A host name that resolves to such an address fails only that image, with `IMAGE_URL_NOT_ALLOWED`. The call counts as one request of the monthly quota, with its images (an image refused that way is given back); a repeated Idempotency-Key counts nothing.',
  auth: 'apiKey',
  body: predictBatchRequestSchema,
  response: { status: 201, description: 'The job is queued (or, for a repeated Idempotency-Key, the existing job).', schema: withUsage(batchJobCreatedSchema) },
  errors: ['INVALID_REQUEST', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'IDEMPOTENCY_KEY_REUSED', 'IMAGE_URL_NOT_ALLOWED', 'RATE_LIMITED', 'QUOTA_EXCEEDED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  rateLimit: 'batch',
  storedExamples: storedExchanges('predictBatch'),
});

/** GET /api/predict_batch/{job_id} */
export const getPredictBatchOperation = defineOperation({
  operationId: 'getAuthenticityBatch',
  method: 'GET',
  path: '/api/predict_batch/{job_id}',
  group: API_IDS.photoAuthenticity,
  summary: 'Get a batch job and its results',
  description: 'The job status and progress, and once completed the result (or the error) of each image in request order. Only the account that created the job can read it; any other gets 404. Reading a job counts nothing against the quota.',
  auth: 'apiKey',
  params: z.object({ job_id: z.string().describe('The job_id returned when the job was created.') }),
  response: { status: 200, description: 'The job.', schema: withUsage(batchJobSchema) },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'QUOTA_EXCEEDED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  rateLimit: 'results',
  storedExamples: { response: ['predictBatchCompleted', 'predictBatchPending'] },
});

export const errorReportListSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string().uuid().describe('Report id.'),
            imageUrl: z.string().describe('The image reported.'),
            jobId: z.string().nullable().describe('Batch job, if any.'),
            comment: z.string().nullable().describe('What the caller said.'),
            account: z.string().nullable().describe('Email of the reporting account, when known.'),
            createdAt: z.string().describe('When it was received (ISO 8601).'),
          })
          .describe('One report.'),
      )
      .describe('The newest reports first (at most 50).'),
    total: z.number().int().describe('Reports stored in all.'),
  })
  .describe('Reports of wrong authenticity results.');

/** GET /api/error-reports */
export const listErrorReportsOperation = defineOperation({
  operationId: 'listAuthenticityErrorReports',
  method: 'GET',
  path: '/api/error-reports',
  group: 'admin',
  summary: 'List reports of wrong authenticity results',
  description: 'The 50 newest reports sent to POST /api/error, shown on /c beside the contact submissions. Admin session only.',
  auth: 'admin',
  response: { status: 200, description: 'The newest reports.', schema: errorReportListSchema },
  errors: ['UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
});

export const CHECK_TYPE_VALUES = ['comprehensive', 'ai_detection', 'manipulation', 'deepfake'] as const;

export const photoValidationRequestSchema = z
  .object({
    image_url: imageUrl.optional(),
    check_type: z.enum(CHECK_TYPE_VALUES).default('comprehensive').describe('comprehensive (every rule), ai_detection, manipulation, or deepfake (people counted + provenance rules; no deepfake model).'),
  })
  .strict()
  .describe('A photo to validate: image_url as JSON, or a multipart upload with a `file` field and `check_type`.');

export const photoValidationUploadSchema = photoValidationRequestSchema.extend({
  file: z.file().optional().describe('The image itself (JPEG, PNG or WebP; sent unresized so its evidence survives); replaces `image_url`.'),
});

const detectedSchema = (what: string) =>
  z
    .object({
      detected: z.boolean().describe(`Whether a rule found ${what}.`),
      confidence: z.number().min(0).max(1).describe('Strength of the evidence behind the detection (0 when none).'),
      indicators: z.array(z.string().describe('One piece of evidence.')).describe('The evidence in plain words.'),
    })
    .describe(`Whether the photo is ${what}.`);

export const photoValidationResponseSchema = z
  .object({
    image_url: z.string().describe('The image validated (the URL, or the uploaded file name).'),
    is_authentic: z.boolean().describe('True when no counted rule fired; not a proof of authenticity.'),
    authenticity_score: z.number().min(0).max(1).describe('clamp(0.5 + 0.4 camera_original + 0.1 intact C2PA capture - 0.45 ai_generated - 0.3 edited - 0.3 photo_of_photo, 0, 1); 0.5 = no evidence either way.'),
    check_type: z.enum(CHECK_TYPE_VALUES).describe('The check run.'),
    verdict: z.enum(VERDICT_VALUES).describe('The verdict over the rules this check counts.'),
    fail_tags: z.array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.')).describe('Fail tags counted by this check.'),
    analysis: z
      .object({
        ai_generated: detectedSchema('AI-generated'),
        manipulation_detected: z
          .object({
            detected: z.boolean().describe('Whether a rule found editing.'),
            confidence: z.number().min(0).max(1).describe('Strength of the evidence (0 when none).'),
            types: z.array(z.string().describe('Kind of evidence.')).describe('Kinds of editing evidence found.'),
          })
          .describe('Whether the photo was edited.'),
        photo_of_photo: detectedSchema('a photo of a screen or print').optional(),
        specific_issues: z.array(z.string().describe('One issue.')).describe('Every finding and indicator, in plain words.'),
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

/** POST /api/demo/photo-validation */
export const demoPhotoValidationOperation = defineOperation({
  operationId: 'demoPhotoValidation',
  method: 'POST',
  path: '/api/demo/photo-validation',
  group: 'demo',
  summary: 'Validate a photo (demo)',
  description: 'The keyless endpoint of the /demo/photo-validation page: the same analysis as /api/predict, shaped as the demo shows it, with the ELA heatmap. Strict per-client limit.',
  auth: 'none',
  body: photoValidationRequestSchema,
  multipartBody: photoValidationUploadSchema,
  response: { status: 200, description: 'The validation result.', schema: photoValidationResponseSchema },
  errors: ['INVALID_REQUEST', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'METHOD_NOT_ALLOWED', 'INVALID_IMAGE', 'IMAGE_FETCH_FAILED', 'IMAGE_URL_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'],
  rateLimit: 'demo-photo-validation',
});

export type PhotoValidationResponse = z.infer<typeof photoValidationResponseSchema>;
export type PredictResponse = z.infer<typeof predictResponseSchema>;
export type WhyNotRealResponse = z.infer<typeof whyNotRealResponseSchema>;
