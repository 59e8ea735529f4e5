/** The shapes of the error reports: POST /api/error and the admin's GET /api/error-reports. */
import { z } from 'zod';
import '../zod-config';
import { authenticityImageUrlSchema } from './analysis';

export const errorReportRequestSchema = z
  .object({
    image_url: authenticityImageUrlSchema,
    job_id: z.string().uuid().nullable().optional().describe('The batch job the result came from, if any.'),
    comment: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .describe('What was wrong with the result (2000 characters at most).'),
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
