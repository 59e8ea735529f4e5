/** The shapes of the batch jobs: POST /api/predict_batch and GET /api/predict_batch/{job_id}. */
import { z } from 'zod';
import '../zod-config';
import { authenticityImageUrlSchema, FAIL_TAG_VALUES, pixelSignalSchema, VERDICT_VALUES } from './analysis';

export const BATCH_MAX_IMAGES = 50;

export const JOB_STATUS_VALUES = ['pending', 'processing', 'completed', 'failed'] as const;

export const predictBatchRequestSchema = z
  .object({
    image_urls: z
      .array(authenticityImageUrlSchema)
      .min(1, 'Send at least one image URL')
      .max(BATCH_MAX_IMAGES, `Send at most ${BATCH_MAX_IMAGES} image URLs`)
      .describe('URLs of the images to analyse, 1 to 50; results come back in this order.'),
    callback_url: z
      .string()
      .trim()
      .max(2048)
      .url({ protocol: /^https?$/, message: 'callback_url must be an http(s) URL' })
      .optional()
      .describe(
        'Public https URL that receives the final job body (POST, signed with the Optiq-Signature header) when the job ends. Needs an API key.',
      ),
  })
  .strict()
  .describe('The images of a batch job.');

export const batchJobCreatedSchema = z
  .object({
    job_id: z.string().uuid().describe('Id of the job: poll GET /api/predict_batch/{job_id}.'),
    job_status: z
      .enum(JOB_STATUS_VALUES)
      .describe('pending for a new job; a retry with the same Idempotency-Key returns the job as it is now.'),
    created_at: z.string().describe('When the job was created (ISO 8601).'),
  })
  .describe('The queued job.');

const batchItemSchema = z
  .object({
    image_url: z.string().describe('The image, as sent.'),
    is_real: z
      .boolean()
      .optional()
      .describe('false exactly when a fail tag is present; absent when the image could not be analysed.'),
    fail_tags: z
      .array(z.enum(FAIL_TAG_VALUES).describe('A fail tag.'))
      .optional()
      .describe('Fail tags, as /api/predict gives them; absent on error.'),
    verdict: z
      .enum(VERDICT_VALUES)
      .optional()
      .describe('The verdict, as /api/predict gives it; absent on error.'),
    pixel_signal: pixelSignalSchema
      .optional()
      .describe('The pixel signal, as /api/predict gives it; absent on error.'),
    error: z
      .object({
        code: z
          .string()
          .describe('Error code, e.g. IMAGE_FETCH_FAILED, INVALID_IMAGE, IMAGE_URL_NOT_ALLOWED.'),
        message: z.string().describe('What went wrong with this image.'),
      })
      .optional()
      .describe('Why this image has no result (the other images are not affected).'),
  })
  .describe('The result of one image, or its error.');

export const batchJobSchema = z
  .object({
    job_id: z.string().uuid().describe('Id of the job.'),
    job_status: z
      .enum(JOB_STATUS_VALUES)
      .describe(
        'pending (queued), processing (images being analysed), completed (every image has a result or an error), failed (the job could not be finished).',
      ),
    created_at: z.string().describe('When the job was created (ISO 8601).'),
    progress: z
      .object({
        done: z.number().int().describe('Images finished (with a result or an error).'),
        total: z.number().int().describe('Images in the job.'),
      })
      .describe('How far the job is.'),
    finished_at: z.string().optional().describe('When the job completed or failed (ISO 8601).'),
    error: z
      .string()
      .optional()
      .describe(
        'Why the job failed, when failed (an image failed on our side through every retry); there are no results then.',
      ),
    results: z
      .array(batchItemSchema)
      .optional()
      .describe('One entry per image in request order; present only when job_status is completed.'),
  })
  .describe('A batch job and, once completed, its results.');
