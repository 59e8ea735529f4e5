/** Contact schemas for server code: they live with the contract in `src/shared/schemas/contact.ts`. */
export {
  CONTACT_MAX_BODY_BYTES,
  type ContactListQuery,
  type ContactPage,
  type ContactRequest,
  type ContactSubmission,
} from '../../shared/schemas/contact';
