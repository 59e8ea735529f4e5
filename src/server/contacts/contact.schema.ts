/**
 * Contact request and list-query schemas. The request schema lives in `src/shared/schemas/`
 * so the browser dialogs reuse it; it is re-exported here for server code.
 */
import { z } from 'zod';

export {
  CONTACT_LIMITS,
  CONTACT_MAX_BODY_BYTES,
  CONTACT_MESSAGES,
  contactRequestSchema,
  type ContactRequest,
  type ContactRequestInput,
  type ContactSubmission,
} from '../../shared/schemas/contact';

/** Page size bounds of `GET /api/contacts`. */
export const CONTACT_PAGE = { default: 50, max: 100 } as const;

/** Query string of `GET /api/contacts`: `limit` (1-100, default 50) and an opaque `cursor`. */
export const contactListQuerySchema = z.object({
  /** Rows per page. */
  limit: z.coerce
    .number({ error: 'Expected number' })
    .int('Expected integer')
    .min(1, 'Number must be greater than or equal to 1')
    .max(CONTACT_PAGE.max, `Number must be less than or equal to ${CONTACT_PAGE.max}`)
    .default(CONTACT_PAGE.default),
  /** `next_cursor` of the previous page; absent for the first page. */
  cursor: z.string().min(1).max(200).optional(),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
