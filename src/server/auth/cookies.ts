/** Minimal cookie helpers for the session cookie (no dependency for two functions). */

/** The value of cookie `name` in the request, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** True when the visitor reached us over https (directly or behind Netlify's proxy). */
export function isHttps(req: Request): boolean {
  if (new URL(req.url).protocol === 'https:') return true;
  return req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * A `Set-Cookie` value for the session: HttpOnly so scripts cannot read it, SameSite=Strict so
 * no other site can send it (the CSRF defence), Secure over https. `maxAgeSeconds` 0 clears it.
 */
export function sessionCookie(req: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}
