/** Contact schemas for server code: they live with the contract in `src/shared/schemas/contact.ts`. */
export {
  CONTACT_LIMITS,
  CONTACT_MAX_BODY_BYTES,
  CONTACT_MESSAGES,
  CONTACT_PAGE,
  contactListQuerySchema,
  contactRequestSchema,
  type ContactListQuery,
  type ContactPage,
  type ContactRequest,
  type ContactRequestInput,
  type ContactSubmission,
} from '../../shared/schemas/contact';
