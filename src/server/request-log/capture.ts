/**
 * What the request log keeps of a call's bodies: JSON with image URLs kept whole, base64 and
 * data URLs replaced by their size, other long texts and arrays shortened, then cut to a few KB;
 * uploads named by field, filename, size and type, their bytes never stored.
 */
import { HttpError } from '../http/errors';
import { readBodyBytes } from '../http/handler';
import type { LoggedUpload } from '../../shared/schemas/request-log';

/** Characters of a request body kept (a body of 20 image URLs fits whole). */
export const REQUEST_BODY_MAX_CHARS = 16 * 1024;
/** Characters of a response body kept. */
export const RESPONSE_BODY_MAX_CHARS = 4 * 1024;
/** A text longer than this that is not a URL is cut. */
const TEXT_MAX_CHARS = 512;
/** Items of an array kept. */
const ARRAY_MAX_ITEMS = 50;
/** A longer http(s) URL is cut like any text. */
const URL_MAX_CHARS = 4096;
/** Bodies read back for the log at most: JSON like the handlers' cap, forms up to an upload's. */
const JSON_READ_MAX_BYTES = 64 * 1024;
const FORM_READ_MAX_BYTES = 12 * 1024 * 1024;

const BASE64_RUN = /^[A-Za-z0-9+/_=\r\n-]+$/;

export interface ShortenedBody {
  body: string;
  truncated: boolean;
}

function shrink(value: unknown, cut: { any: boolean }): unknown {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value) && value.length <= URL_MAX_CHARS) return value;
    if (/^data:/i.test(value)) {
      cut.any = true;
      return `[data URL, ${value.length} characters not stored]`;
    }
    if (value.length > 256 && BASE64_RUN.test(value)) {
      cut.any = true;
      return `[base64, ${value.length} characters not stored]`;
    }
    if (value.length > TEXT_MAX_CHARS) {
      cut.any = true;
      return `${value.slice(0, TEXT_MAX_CHARS)}… [${value.length - TEXT_MAX_CHARS} more characters]`;
    }
    return value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, ARRAY_MAX_ITEMS).map((v) => shrink(v, cut));
    if (value.length > ARRAY_MAX_ITEMS) {
      cut.any = true;
      kept.push(`[${value.length - ARRAY_MAX_ITEMS} more items]`);
    }
    return kept;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shrink(v, cut)]));
  }
  return value;
}

/** A JSON value as the log keeps it, within `maxChars`. */
export function shortenJson(value: unknown, maxChars: number): ShortenedBody {
  const cut = { any: false };
  const text = JSON.stringify(shrink(value, cut)) ?? 'null';
  return text.length > maxChars
    ? { body: text.slice(0, maxChars), truncated: true }
    : { body: text, truncated: cut.any };
}

/** A request body as the log keeps it. */
export interface CapturedRequest {
  kind: 'json' | 'multipart' | 'other' | null;
  headers: Record<string, string>;
  body: string | null;
  truncated: boolean;
  uploads: LoggedUpload[];
}

/** Request headers replayed by "Copy as curl" (lower-case names); never Authorization or cookies. */
const KEPT_HEADERS = ['idempotency-key'];

const isTooLarge = (error: unknown) => error instanceof HttpError && error.status === 413;

async function readJsonCopy(copy: Request): Promise<Pick<CapturedRequest, 'body' | 'truncated'>> {
  const text = new TextDecoder().decode(await readBodyBytes(copy, JSON_READ_MAX_BYTES));
  if (text === '') return { body: null, truncated: false };
  try {
    return shortenJson(JSON.parse(text) as unknown, REQUEST_BODY_MAX_CHARS);
  } catch {
    // Not JSON: kept as sent (it was answered 400 INVALID_JSON), cut like any text.
    return text.length > REQUEST_BODY_MAX_CHARS
      ? { body: text.slice(0, REQUEST_BODY_MAX_CHARS), truncated: true }
      : { body: text, truncated: false };
  }
}

async function readFormCopy(
  copy: Request,
  type: string,
): Promise<Pick<CapturedRequest, 'body' | 'truncated' | 'uploads'>> {
  const bytes = await readBodyBytes(copy, FORM_READ_MAX_BYTES);
  const form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  const fields: Record<string, string> = {};
  const uploads: LoggedUpload[] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string') fields[field] = value;
    else uploads.push({ field, filename: value.name, size: value.size, type: value.type });
  }
  const shortened =
    Object.keys(fields).length > 0
      ? shortenJson(fields, REQUEST_BODY_MAX_CHARS)
      : { body: null, truncated: false };
  return { ...shortened, uploads };
}

/**
 * Keeps a copy of the request's body stream (taken before the handler reads it) and reads it
 * back for the log once the call is answered. Never throws: a body that cannot be read back is
 * logged as not recorded (`truncated`).
 */
export function captureRequest(req: Request): () => Promise<CapturedRequest> {
  const type = req.headers.get('content-type') ?? '';
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = req.headers.get(name);
    if (value !== null) headers[name] = value.slice(0, 256);
  }
  let copy: Request | null = null;
  try {
    copy = req.body && !req.bodyUsed ? req.clone() : null;
  } catch {
    copy = null;
  }
  const kind: CapturedRequest['kind'] = !copy
    ? null
    : /^application\/(.+\+)?json\b/i.test(type)
      ? 'json'
      : /^multipart\/form-data\b/i.test(type)
        ? 'multipart'
        : 'other';
  return async () => {
    const captured: CapturedRequest = { kind, headers, body: null, truncated: false, uploads: [] };
    if (!copy) return captured;
    try {
      if (kind === 'json') return { ...captured, ...(await readJsonCopy(copy)) };
      if (kind === 'multipart') return { ...captured, ...(await readFormCopy(copy, type)) };
      // Another type: never the bytes (an image sent raw), only its size and type.
      const size = (await readBodyBytes(copy, FORM_READ_MAX_BYTES)).byteLength;
      if (size === 0) return { ...captured, kind: null };
      return { ...captured, uploads: [{ field: '', filename: '', size, type: type.split(';')[0] ?? '' }] };
    } catch (error) {
      if (!isTooLarge(error)) await copy.body?.cancel().catch(() => {});
      return { ...captured, truncated: true };
    }
  };
}
