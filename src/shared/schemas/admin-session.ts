/** The admin session state `/api/auth/*` answer with (its operations: src/shared/contracts/admin-auth.ts). */
import { z } from 'zod';
import './zod-config';

/** An admin session that is live. */
export const adminSignedInSchema = z.object({
  authenticated: z.literal(true).describe('True: the request carries a live admin session.'),
  username: z.string().describe('The signed-in admin.'),
  expires_at: z.string().describe('When the session ends (ISO 8601).'),
});
/** No live admin session. */
export const adminSignedOutSchema = z.object({
  authenticated: z.literal(false).describe('False: no live admin session.'),
});

/** The admin session state `/api/auth/*` answer with. */
export const adminSessionSchema = z
  .discriminatedUnion('authenticated', [adminSignedInSchema, adminSignedOutSchema])
  .meta({ id: 'AdminSession', description: 'Whether the request carries a live admin session, and whose.' });
export type AdminSession = z.output<typeof adminSessionSchema>;
