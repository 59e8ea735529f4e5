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
 * `_` for the value itself, e.g. `definitions.0.objects.2`. Iterative, so a hostile document
 * nested thousands of levels deep cannot overflow the stack.
 */
export function unsafeTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string | null }[] = [{ value, path: null }];
  const join = (path: string | null, key: string | number) =>
    path === null ? String(key) : `${path}.${key}`;
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) found.push(path ?? '_');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(path, i) });
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v).reverse()) {
        // A key holding NUL is reported in document order, as if it were a NUL string.
        if (isSafeText(k)) stack.push({ value: child, path: join(path, k) });
        else stack.push({ value: '\u0000', path: join(path, k.replaceAll('\u0000', '\\u0000')) });
      }
    }
  }
  return found;
}

/**
 * Whether a parsed JSON value nests arrays and objects more than `maxDepth` levels (a scalar is
 * depth 0, `{}` or `[]` depth 1). Iterative and stops at the first level past the bound, so a
 * hostile 5,000-level document costs nothing; recursive code (`JSON.stringify`, a database's
 * JSON parser) would overflow its stack on it.
 */
export function jsonDepthExceeds(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Field errors naming every NUL of a parsed value under `prefix` (e.g. `metadata.seller`). */
export function unsafeTextFields(value: unknown, prefix?: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const path of unsafeTextPaths(value)) {
    const name = prefix === undefined ? path : path === '_' ? prefix : `${prefix}.${path}`;
    fields[name] = [SAFE_TEXT_MESSAGE];
  }
  return fields;
}
