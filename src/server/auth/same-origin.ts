/**
 * Cross-site request refusal for requests authenticated by the session cookie (login, logout,
 * the contact list). SameSite=Strict already keeps the cookie off cross-site requests in current
 * browsers; this checks what the browser says about the request itself, so a cross-site form
 * or script is refused even where SameSite is not honoured (older browsers, same-site
 * subdomains).
 */
import { HttpError } from '../http/errors';
import { trustedProxyHops } from '../rate-limit/client-address';

function refuse(): never {
  throw new HttpError(403, 'FORBIDDEN', 'Cross-site request refused');
}

/**
 * The host the outermost trusted proxy recorded in `X-Forwarded-Host` (`TRUST_PROXY` hops, as
 * for `X-Forwarded-For`: each proxy appends what it received, so entries further left are the
 * client's own); none without a trusted proxy, where the header is whatever the client wrote.
 */
function forwardedHost(req: Request, env: Record<string, string | undefined>): string | undefined {
  const hops = trustedProxyHops(env);
  if (hops === 0) return undefined;
  const chain = (req.headers.get('x-forwarded-host') ?? '').split(',').map((h) => h.trim());
  return chain.length >= hops ? chain[chain.length - hops] || undefined : undefined;
}

/**
 * Throws 403 FORBIDDEN unless the request comes from this site: `Sec-Fetch-Site` must be
 * `same-origin` (or `none`: typed in the address bar), and an `Origin` header must name this
 * host (the request's, or behind `TRUST_PROXY` the forwarded one). Requests with neither header
 * (curl, server-side clients) carry no ambient browser credentials to abuse and pass.
 */
export function assertSameOrigin(req: Request, env: Record<string, string | undefined> = process.env): void {
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
  const ours = [new URL(req.url).host, req.headers.get('host'), forwardedHost(req, env)];
  if (!ours.some((h) => h && h.toLowerCase() === host.toLowerCase())) refuse();
}
