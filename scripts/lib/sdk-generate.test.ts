import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../../src/lib/openapi/document';
import { generateSdkFiles, SDK_FILES, toolOperations } from './sdk-generate';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the generated SDK', () => {
  it('is what npm run sdk:generate writes from the current OpenAPI document', async () => {
    const files = await generateSdkFiles();
    expect(Object.keys(files).sort()).toEqual(Object.values(SDK_FILES).sort());
    for (const [file, text] of Object.entries(files))
      expect(readFileSync(join(ROOT, file), 'utf8'), `${file} is stale: run npm run sdk:generate`).toBe(text);
  }, 60_000);

  it('notices a changed document', async () => {
    const doc = buildOpenApiDocument('http://127.0.0.1:4321');
    doc.paths['/api/v1/detect']!['post']!.summary = 'Something else';
    const files = await generateSdkFiles(doc);
    expect(files[SDK_FILES.types]).not.toBe(readFileSync(join(ROOT, SDK_FILES.types), 'utf8'));
    expect(files[SDK_FILES.operations]).not.toBe(readFileSync(join(ROOT, SDK_FILES.operations), 'utf8'));
  }, 60_000);
});

describe('toolOperations', () => {
  const doc = (paths: OpenApiDocument['paths'], schemas: OpenApiDocument['components']['schemas'] = {}) =>
    ({ paths, components: { schemas, securitySchemes: {} } }) as unknown as OpenApiDocument;
  const op = (over: Record<string, unknown>) =>
    ({
      operationId: 'uploadThing',
      summary: 'Upload a thing',
      description: 'Does it.',
      tags: ['x'],
      security: [],
      'x-auth': 'apiKey',
      responses: {},
      ...over,
    }) as OpenApiOperation;

  it('makes one tool per API-key operation: parameters, inlined body fields and upload paths', () => {
    const [tool, ...rest] = toolOperations(
      doc(
        {
          '/api/v1/things/{id}': {
            post: op({
              parameters: [
                {
                  name: 'id',
                  in: 'path',
                  required: true,
                  description: 'Thing id.',
                  schema: { type: 'string' },
                },
              ],
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/Thing' } },
                  'multipart/form-data': {
                    schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                  },
                },
              },
            }),
            get: op({ operationId: 'pageOnly', 'x-auth': 'session' }),
          },
        },
        { Thing: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } },
      ),
    );
    expect(rest).toEqual([]);
    expect(tool).toMatchObject({
      name: 'upload_thing',
      method: 'POST',
      pathParams: ['id'],
      bodyFields: ['label'],
      uploads: [{ argument: 'file_path', field: 'file' }],
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'Thing id.' }, label: { type: 'string' } },
        required: ['id', 'label'],
      },
    });
    expect(tool?.description).toBe('Upload a thing. Does it.\n\nPOST /api/v1/things/{id}');
  });

  it('refuses two inputs of one name (a path parameter and a body field)', () => {
    const clash = op({
      parameters: [
        { name: 'label', in: 'path', required: true, description: '', schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { type: 'object', properties: { label: { type: 'string' } } } },
        },
      },
    });
    expect(() => toolOperations(doc({ '/api/v1/{label}': { post: clash } }))).toThrow(
      'uploadThing: two inputs named "label"',
    );
  });
});
