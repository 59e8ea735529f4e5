/**
 * Cross-site request refusal for requests authenticated by the session cookie (login, logout,
 * the contact list). SameSite=Strict already keeps the cookie off cross-site requests in current
 * browsers; this checks what the browser says about the request itself, so a cross-site form
 * or script is refused even where SameSite is not honoured (older browsers, same-site
 * subdomains).
 */
import { HttpError } from '../http/errors';

function refuse(): never {
  throw new HttpError(403, 'FORBIDDEN', 'Cross-site request refused');
}

/**
 * Throws 403 FORBIDDEN unless the request comes from this site: `Sec-Fetch-Site` must be
 * `same-origin` (or `none`: typed in the address bar), and an `Origin` header must name this
 * host. Requests with neither header (curl, server-side clients) carry no ambient browser
 * credentials to abuse and pass.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (site && site !== 'same-origin' && site !== 'none') refuse();
  const origin = req.headers.get('origin');
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // Includes the opaque origin `null` (sandboxed frames, file: pages, some redirects).
    refuse();
  }
  const ours = [new URL(req.url).host, req.headers.get('host'), req.headers.get('x-forwarded-host')?.split(',')[0]?.trim()];
  if (!ours.some((h) => h && h.toLowerCase() === host.toLowerCase())) refuse();
}
