/**
 * Guards admin-only functions (GET /api/contacts): the request must come from this site and
 * carry the cookie of a live admin session (src/server/auth/session-store.ts).
 */
import { HttpError } from '../http/errors';
import { adminSessionOf } from './admin-session';
import { assertSameOrigin } from './same-origin';

/** Resolves when `req` carries a live admin session; throws 403 cross-site, 401 otherwise. */
export async function authorize(req: Request): Promise<void> {
  assertSameOrigin(req);
  // Unknown, revoked, expired or missing sessions all look the same from outside.
  if (!(await adminSessionOf(req))) throw new HttpError(401, 'UNAUTHORIZED', 'Authentication required');
}
