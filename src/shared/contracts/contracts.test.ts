import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, type JsonSchema } from '../../lib/openapi/document';
import { operationExamples } from '../../lib/openapi/examples';
import { storedExamples } from '../examples';
import { DEFAULT_SITE_ORIGIN, withOrigin } from '../site-origin';
import { ERROR_EXAMPLE_MESSAGES, ERROR_HELP, ERROR_STATUS, errorCodes, operations } from './index';

/** Dotted paths of every object property (at any depth) that has no description. */
function undescribed(schema: unknown, path: string, out: string[] = []): string[] {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => undescribed(s, `${path}[${i}]`, out));
    return out;
  }
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as JsonSchema;
  for (const [name, prop] of Object.entries(
    (s['properties'] as Record<string, JsonSchema> | undefined) ?? {},
  )) {
    const described = typeof prop['description'] === 'string' && prop['description'].trim() !== '';
    // A property that is a reused component is described by that component (walked on its own).
    if (!described && typeof prop['$ref'] !== 'string') out.push(`${path}.${name}`);
  }
  for (const [key, value] of Object.entries(s))
    if (key !== 'examples' && key !== 'default') undescribed(value, `${path}/${key}`, out);
  return out;
}

describe('contracts', () => {
  it('give every operation a unique id and a unique method + path', () => {
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(new Set(operations.map((op) => `${op.method} ${op.path}`)).size).toBe(operations.length);
  });

  it('describe every field of every request, parameter and response schema in one line', () => {
    const missing: string[] = [];
    for (const op of operations) {
      for (const [part, schema, io] of [
        ['body', op.body, 'input'],
        ['multipart', op.multipartBody, 'input'],
        ['params', op.params, 'input'],
        ['query', op.query, 'input'],
        ['response', op.response.schema, 'output'],
        ...Object.entries(op.errorDetails ?? {}).map(
          ([code, s]) => [`${code} details`, s, 'output'] as const,
        ),
      ] as const) {
        if (!schema) continue;
        undescribed(
          z.toJSONSchema(schema, { io, unrepresentable: 'any' }),
          `${op.operationId} ${part}`,
          missing,
        );
      }
    }
    const doc = buildOpenApiDocument(DEFAULT_SITE_ORIGIN);
    undescribed(doc.components.schemas, 'components', missing);
    for (const [name, schema] of Object.entries(doc.components.schemas))
      if (!schema['description']) missing.push(`component ${name}`);
    expect(missing).toEqual([]);
    // One line each: no description runs over a line break.
    const multiline = JSON.stringify(doc).match(/"description":"[^"]*\\n[^"]*"/g) ?? [];
    expect(multiline.filter((d) => !d.includes('Rate limit per client'))).toEqual([]);
  });

  it('are caught by the description check when a field has none', () => {
    expect(
      undescribed(z.toJSONSchema(z.object({ a: z.string().describe('A'), b: z.number() })), 'x'),
    ).toEqual(['x.b']);
    expect(
      undescribed(
        z.toJSONSchema(z.object({ n: z.array(z.object({ deep: z.string() })).describe('N') })),
        'x',
      ),
    ).toEqual(['x/properties/n/items.deep']);
  });

  it('have examples that parse with their own schemas', () => {
    let count = 0;
    for (const op of operations) {
      for (const ex of operationExamples(op).request) {
        expect(op.body, `${op.operationId} has a request example but no body`).toBeDefined();
        const parsed = op.body!.safeParse(ex.value);
        expect(parsed.success, `${op.operationId} request "${ex.summary}": ${parsed.error?.message}`).toBe(
          true,
        );
        count++;
      }
      for (const ex of operationExamples(op).response) {
        const parsed = op.response.schema.safeParse(ex.value);
        expect(parsed.success, `${op.operationId} response "${ex.summary}": ${parsed.error?.message}`).toBe(
          true,
        );
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(14);
  });

  it('show every stored engine example (content/examples) as they are, and no invented response', () => {
    for (const [name, ex] of Object.entries(storedExamples)) {
      const op = operations.find((o) => o.method === ex.method && o.path === ex.path);
      const response = withOrigin(ex.response, DEFAULT_SITE_ORIGIN);
      expect(
        (op ? operationExamples(op).response : []).some(
          (e) => JSON.stringify(e.value) === JSON.stringify(response),
        ),
        name,
      ).toBe(true);
    }
    const shown = operations.reduce((n, op) => n + operationExamples(op).response.length, 0);
    // Responses beyond the engine's are the session state, written as the handler answers it.
    expect(shown).toBe(Object.keys(storedExamples).length + 1);
  });

  it('name only documented error codes, each with an example message and a remedy', () => {
    for (const op of operations)
      for (const code of op.errors) expect(ERROR_STATUS[code], `${op.operationId}: ${code}`).toBeDefined();
    for (const code of errorCodes) {
      expect(ERROR_EXAMPLE_MESSAGES[code]).toBeTruthy();
      expect(ERROR_HELP[code].remedy).toBeTruthy();
    }
  });

  it('let every operation that takes a body answer the body errors', () => {
    for (const op of operations.filter((o) => o.body)) {
      expect(op.errors, op.operationId).toEqual(
        expect.arrayContaining([
          'INVALID_REQUEST',
          'INVALID_JSON',
          'UNSUPPORTED_MEDIA_TYPE',
          'PAYLOAD_TOO_LARGE',
        ]),
      );
    }
  });
});

describe('URL fields of the contracts', () => {
  /** The request examples' fields that hold URLs the server will fetch or call. */
  const urlFields = operations.flatMap((op) =>
    operationExamples(op).request.flatMap((example, i) =>
      typeof example.value === 'object' && example.value !== null && op.body
        ? Object.entries(example.value as Record<string, unknown>)
            .filter(([key]) => /(^|_)urls?$/.test(key))
            .map(([key, value]) => ({
              name: `${op.operationId} #${i} ${key}`,
              op,
              example: example.value as Record<string, unknown>,
              key,
              value,
            }))
        : [],
    ),
  );

  it('are found (image_url, image_urls, callback_url, examples)', () => {
    expect(new Set(urlFields.map((f) => f.key))).toEqual(new Set(['image_url', 'image_urls']));
    expect(urlFields.length).toBeGreaterThan(8);
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_x',
    'ftp://example.com/a.jpg',
    'data:image/png;base64,AAAA',
  ])('refuse a URL with another scheme than http(s): %s', (bad) => {
    for (const { name, op, example, key, value } of urlFields) {
      const body = { ...example, [key]: Array.isArray(value) ? [...value.slice(1), bad] : bad };
      const result = op.body!.safeParse(body);
      expect(result.success, name).toBe(false);
    }
    // The batch callback is no example field: checked on its own.
    const batch = operations.find((op) => op.operationId === 'predictAuthenticityBatch')!;
    expect(
      batch.body!.safeParse({ image_urls: ['https://example.com/a.jpg'], callback_url: bad }).success,
    ).toBe(false);
    expect(
      batch.body!.safeParse({
        image_urls: ['https://example.com/a.jpg'],
        callback_url: 'https://hooks.example.com/x',
      }).success,
    ).toBe(true);
  });
});

describe('what the contracts ship to the browser', () => {
  it('carries no stored example bodies: contracts name them, the OpenAPI builder reads them', () => {
    const dirs = ['src/shared/contracts', 'src/shared/schemas', 'src/shared/schemas/photo-authenticity'];
    const sources = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => `${dir}/${f}`),
    );
    expect(sources.length).toBeGreaterThan(20);
    // A value import of src/shared/examples.ts (a type import is erased) would put every stored
    // exchange into the chunks of the islands that import a contract.
    const importing = sources.filter((file) =>
      /^import (?!type )[^;]*from '(\.\.\/)+examples';/m.test(readFileSync(file, 'utf8')),
    );
    expect(importing).toEqual([]);
  });
});
