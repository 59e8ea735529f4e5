import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, errorCodes, operations } from '../../shared/contracts';
import { API_RATE_LIMITS, SITE_RATE_LIMITS } from '../../shared/rate-limits';
import { buildOpenApiDocument, type OpenApiMediaType } from './document';
import { ACCURACY_API_IDS } from '../../shared/schemas/accuracy';

const ORIGIN = 'https://optiq.example';
const doc = buildOpenApiDocument(ORIGIN);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is caught by the validator when broken', async () => {
    const broken = JSON.parse(JSON.stringify(doc));
    broken.paths['/api/apis/{id}'].get.parameters[0].in = 'body'; // OpenAPI 2 wording, not 3.1
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("names the site's origin as its server and the bearer security scheme", () => {
    expect(doc.servers).toEqual([{ url: ORIGIN, description: 'This site' }]);
    expect(doc.components.securitySchemes['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/detect']!['post']!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/apis']!['get']!.security).toEqual([]);
  });

  it('holds every operation of the contracts, with its path parameters', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.sort()).toEqual(operations.map((op) => op.operationId).sort());
    expect(doc.paths['/api/apis/{id}']!['get']!.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        description: expect.stringMatching(/\w/),
      }),
    ]);
  });

  it('reuses shared schemas as components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorBody', 'Api', 'UseCase', 'ContactSubmission', 'DetectionResult']),
    );
    expect(JSON.stringify(doc.paths)).not.toContain('#/$defs/');
    expect(doc.paths['/api/apis']!['get']!.responses['200']!.content!['application/json']!.schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Api' },
    });
  });

  it('documents every error response with an example body per code that parses as the error body', () => {
    let examples = 0;
    for (const contract of operations) {
      const op = doc.paths[contract.path]![contract.method.toLowerCase()]!;
      for (const code of contract.errors) {
        const response = Object.values(op.responses).find(
          (r) => r.content?.['application/json']?.examples?.[code],
        );
        expect(response, `${contract.operationId}: ${code}`).toBeDefined();
        const value = response!.content!['application/json']!.examples![code]!.value;
        expect(errorBodySchema.parse(value).error.code).toBe(code);
        examples++;
      }
    }
    expect(examples).toBeGreaterThan(operations.length * 3);
    expect(errorCodes.length).toBeGreaterThan(10);
  });

  it("gives the shape of an error's details where it carries data", () => {
    const details = doc.paths['/api/v1/detect']!['post']!.responses['422']!['x-error-details']!;
    expect(Object.keys(details)).toEqual(['NO_IMAGE_ANALYSED']);
    expect(details['NO_IMAGE_ANALYSED']).toMatchObject({ type: 'object', required: ['results'] });
  });

  it('states the rate limits from the policies', () => {
    const detect = doc.paths['/api/v1/detect']!['post']!;
    expect(detect['x-rate-limit']).toEqual([
      { name: 'single', limit: API_RATE_LIMITS.single.limit, windowSeconds: 60 },
      { name: 'batch', limit: API_RATE_LIMITS.batch.limit, windowSeconds: 60 },
    ]);
    expect(detect.description).toContain(`${API_RATE_LIMITS.batch.limit} calls a minute`);
    expect(doc.paths['/api/contacts']!['post']!['x-rate-limit']).toEqual([
      { name: 'contacts', limit: SITE_RATE_LIMITS.contacts.limit, windowSeconds: 600 },
    ]);
    expect(doc.paths['/api/v1/detect']!['post']!.responses['429']!.headers?.['Retry-After']).toBeDefined();
    // Both 429s (per-minute limit and monthly quota) carry the IETF RateLimit fields.
    expect(doc.paths['/api/v1/detect']!['post']!.responses['429']!['x-error-codes']).toEqual(
      expect.arrayContaining(['RATE_LIMITED', 'QUOTA_EXCEEDED']),
    );
    expect(Object.keys(doc.paths['/api/v1/detect']!['post']!.responses['429']!.headers ?? {})).toEqual([
      'Retry-After',
      'RateLimit-Policy',
      'RateLimit',
    ]);
    expect(
      doc.paths['/api/v1/detect']!['post']!.responses['429']!.headers?.['RateLimit-Policy']?.description,
    ).toContain('"monthly"');
  });

  it('carries the real request and response examples, with the site origin in their URLs', () => {
    const json = doc.paths['/api/v1/detect']!['post']!.requestBody!.content[
      'application/json'
    ] as OpenApiMediaType;
    const first = Object.values(json.examples ?? {})[0]!.value as { image_urls: string[] };
    expect(first.image_urls[0]).toMatch(new RegExp(`^${ORIGIN}/images/samples/`));
    const response = doc.paths['/api/v1/detect']!['post']!.responses['200']!.content!['application/json']!;
    expect(Object.keys(response.examples ?? {}).length).toBe(6);
  });

  it('documents the demo upload as multipart/form-data with a binary file', () => {
    const content = doc.paths['/api/demo/object-detection']!['post']!.requestBody!.content;
    expect(Object.keys(content)).toEqual(['application/json', 'multipart/form-data']);
    expect(
      (content['multipart/form-data']!.schema['properties'] as Record<string, unknown>)['file'],
    ).toMatchObject({ type: 'string', format: 'binary' });
  });

  it("links every API's tag and operations to its accuracy card, and nothing else", () => {
    for (const id of ACCURACY_API_IDS) {
      const tag = doc.tags.find((t) => t.name === id);
      expect(tag, id).toBeDefined();
      expect(tag!.externalDocs?.url, id).toBe(`${ORIGIN}/docs/${id}#accuracy`);
    }
    expect(doc.tags.find((t) => t.name === 'account')!.externalDocs).toBeUndefined();
    for (const contract of operations) {
      const op = doc.paths[contract.path]![contract.method.toLowerCase()]!;
      const card = (ACCURACY_API_IDS as readonly string[]).includes(contract.group)
        ? `${ORIGIN}/docs/${contract.group}#accuracy`
        : undefined;
      expect(op.externalDocs?.url, contract.operationId).toBe(card);
    }
    expect(doc.paths['/api/predict']!['post']!.externalDocs?.url).toBe(
      `${ORIGIN}/docs/photo-authenticity#accuracy`,
    );
  });
});
