/**
 * Text the database can store. PostgreSQL refuses the NUL character (U+0000) in `text` and
 * `jsonb` (error 22021 / 22P05), so a NUL that got through validation became a 500; every text
 * field refuses it up front with a field error instead. Browser-safe: no server imports.
 */
import { z } from 'zod';
import './zod-config';

/** The field error for a text holding a NUL character. */
export const SAFE_TEXT_MESSAGE = 'Contains an invisible NUL character; please remove it';

/** True when `value` can be stored as text (holds no NUL character). */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000');
}

/** A string schema that refuses NUL characters; chain further rules as usual. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, SAFE_TEXT_MESSAGE);
}

/**
 * Dotted paths of every string (or object key) holding a NUL character in a parsed JSON value,
 * `_` for the value itself, e.g. `definitions.0.objects.2`.
 */
export function unsafeTextPaths(value: unknown, path: readonly (string | number)[] = []): string[] {
  const here = path.length > 0 ? path.join('.') : '_';
  if (typeof value === 'string') return isSafeText(value) ? [] : [here];
  if (Array.isArray(value)) return value.flatMap((v, i) => unsafeTextPaths(v, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) =>
      isSafeText(k) ? unsafeTextPaths(v, [...path, k]) : [[...path, k.replaceAll('\u0000', '\\u0000')].join('.')],
    );
  }
  return [];
}
