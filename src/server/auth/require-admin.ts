/**
 * Guards admin-only functions (GET /api/contacts): the request must carry a valid, unexpired
 * admin session cookie signed with SESSION_SECRET (src/server/auth/session.ts).
 */
import { HttpError } from '../http/errors';
import { adminSessionOf } from './admin-session';

/** Resolves when `req` carries a valid admin session; throws 401 UNAUTHORIZED otherwise. */
export async function authorize(req: Request): Promise<void> {
  // Forged, tampered, expired or missing cookies all look the same from outside.
  if (!adminSessionOf(req)) throw new HttpError(401, 'UNAUTHORIZED', 'Authentication required');
}
