/**
 * Documentation of the error codes (example messages, what to do), for the OpenAPI document and
 * the docs. Kept apart from errors.ts so the islands, which read error bodies, do not ship it.
 */
import { FREE_TIER } from '../free-tier';
import type { ErrorCode } from './errors';
import { BYTES_PER_MB, IMAGE_LIMIT_TEXT, UPLOAD_LIMITS } from '../limits';

/**
 * A message the server really answers with for each code (the OpenAPI document's example error
 * bodies). Endpoints word some codes more precisely, e.g. which field is invalid.
 */
export const ERROR_EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  INVALID_REQUEST: 'image_urls: Please provide at least one image URL',
  INVALID_JSON: 'Request body is not valid JSON',
  UNAUTHORIZED: 'Authentication required',
  FORBIDDEN: 'Cross-site request refused',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method PUT is not allowed',
  CONFLICT: 'The request conflicts with the current state of the resource',
  PAYLOAD_TOO_LARGE: 'Request body exceeds 65536 bytes',
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json',
  INVALID_IMAGE: 'The file is not a JPEG, PNG or WebP image',
  NO_IMAGE_ANALYSED: 'No image could be analysed',
  IMAGE_FETCH_FAILED: 'Could not fetch image https://example.com/room.jpg: HTTP 404',
  IMAGE_URL_NOT_ALLOWED: 'Image URL http://10.0.0.1/a.jpg is not allowed: private address',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used with a different request body. Use a new key for a new batch.',
  RATE_LIMITED: 'Too many requests. Please try again in 40 seconds.',
  QUOTA_EXCEEDED: 'The monthly request quota of this plan is used up',
  INTERNAL_ERROR: 'Internal server error',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};

/** What each code means and what the caller should do about it: /docs, the reference pages, their Markdown twins and the OpenAPI error descriptions. */
export interface ErrorHelp {
  /** What happened, one sentence (may contain `code`). */
  meaning: string;
  /** What to do about it, one sentence (may contain `code`). */
  remedy: string;
  /** Whether the same request may succeed when sent again later. */
  retry: boolean;
}

export const ERROR_HELP: Record<ErrorCode, ErrorHelp> = {
  INVALID_REQUEST: {
    meaning: 'A field is missing or invalid; `details.fields` lists the messages per field.',
    remedy: 'Fix the fields named in `details.fields` against the field table, then send again.',
    retry: false,
  },
  INVALID_JSON: {
    meaning: 'The body is not valid JSON.',
    remedy: 'Send a JSON body, e.g. serialise it with `JSON.stringify` or `json=` in requests.',
    retry: false,
  },
  UNAUTHORIZED: {
    meaning: 'The API key is missing, malformed, unknown or revoked.',
    remedy:
      'Send `Authorization: Bearer <key>` with an active key from your [dashboard](/dashboard); create a new key if this one was revoked.',
    retry: false,
  },
  FORBIDDEN: {
    meaning:
      'The key is valid, but this API cannot be called yet (it is coming soon), or a site session was used from another site.',
    remedy:
      'Call an active API (every active API works on the Free tier without subscribing); from your own code, send an API key rather than a session cookie.',
    retry: false,
  },
  NOT_FOUND: {
    meaning: 'The resource does not exist, or is not yours.',
    remedy: 'Check the id in the path; ids come from the answer that created the resource.',
    retry: false,
  },
  METHOD_NOT_ALLOWED: {
    meaning: 'The path does not accept this method.',
    remedy: 'Use a method listed in the `Allow` response header.',
    retry: false,
  },
  CONFLICT: {
    meaning: 'The request conflicts with the current state, e.g. the resource already exists.',
    remedy: 'Read the current state, then change the request to fit it.',
    retry: false,
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The request body or an image is over the size limit.',
    remedy: `Send fewer or smaller images: image URLs up to ${IMAGE_LIMIT_TEXT.size}, uploaded files up to ${UPLOAD_LIMITS.fileBytes / BYTES_PER_MB} MB.`,
    retry: false,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'The body is not in a media type this operation accepts.',
    remedy:
      'Send `Content-Type: application/json` (or `multipart/form-data` for file uploads where the operation says so).',
    retry: false,
  },
  INVALID_IMAGE: {
    meaning: 'The file is not a JPEG, PNG or WebP image, or its dimensions are out of range.',
    remedy: `Send a JPEG, PNG or WebP image between ${IMAGE_LIMIT_TEXT.area} pixels.`,
    retry: false,
  },
  NO_IMAGE_ANALYSED: {
    meaning:
      'None of the images could be fetched or decoded, so there is no result; `details.results` holds the error of each image.',
    remedy:
      "Check each image's error in `details.results`: use public, reachable URLs of JPEG, PNG or WebP images.",
    retry: false,
  },
  IMAGE_FETCH_FAILED: {
    meaning: `An image could not be downloaded: invalid URL, unknown host or over ${IMAGE_LIMIT_TEXT.size} (422), or its host failed or timed out (502).`,
    remedy:
      'Open the URL from outside your network to check it is public and answers with an image; retry a 502 later.',
    retry: true,
  },
  IDEMPOTENCY_KEY_REUSED: {
    meaning:
      'The `Idempotency-Key` header names a batch created earlier with a different body: a retry must repeat the same body to get the same job.',
    remedy: 'Send a new key for a new batch, or repeat the original body to get the original job back.',
    retry: false,
  },
  IMAGE_URL_NOT_ALLOWED: {
    meaning:
      'The image URL is refused: only public `http`/`https` hosts on ports 80 and 443, without credentials.',
    remedy: 'Host the image on a public address; private, loopback and metadata addresses are blocked.',
    retry: false,
  },
  RATE_LIMITED: {
    meaning: 'Too many requests from this key in the current minute.',
    remedy: 'Wait the number of seconds in `Retry-After`, then retry; pace calls by the `RateLimit` header.',
    retry: true,
  },
  QUOTA_EXCEEDED: {
    meaning: `The monthly quota of your tier is used up, or, without a subscription, the ${FREE_TIER.name}'s ${FREE_TIER.imagesPerMonth} images a month across all APIs (\`RateLimit-Policy\` names it \`"monthly"\`).`,
    remedy:
      "Wait for the next billing month (`Retry-After` and `RateLimit` give the seconds until it starts), or subscribe to the API (or move to a higher tier) on the API's page or in your [dashboard](/dashboard).",
    retry: true,
  },
  INTERNAL_ERROR: {
    meaning: 'Something failed on our side.',
    remedy: 'Retry a few times with growing delays; quote the `request_id` when you contact us.',
    retry: true,
  },
  SERVICE_UNAVAILABLE: {
    meaning: 'The service is busy or briefly unavailable.',
    remedy: 'Retry after the seconds in `Retry-After`.',
    retry: true,
  },
};

/** Help for a code read from a document (an unknown code gets a neutral text rather than nothing). */
export function errorHelp(code: string): ErrorHelp {
  return (
    (ERROR_HELP as Record<string, ErrorHelp>)[code] ?? {
      meaning: 'See `error.message`.',
      remedy: 'Read `error.message` and `error.details`.',
      retry: false,
    }
  );
}
