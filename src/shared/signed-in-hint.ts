/**
 * The signed-in hint: a cookie without a secret that the server sets with the session cookie
 * (which scripts cannot read) and clears with it. The sign-in pages ask `GET /api/account`
 * whether to send the visitor on only when the hint is there, so a signed-out visit makes no
 * request that answers 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'optiq_signed_in';

/** True when a `document.cookie` string carries the hint. */
export const hasSignedInHint = (cookies: string): boolean =>
  cookies.split(';').some((c) => c.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
