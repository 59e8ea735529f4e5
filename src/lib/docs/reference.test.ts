import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectRequestSchema } from '../../shared/schemas/detect';
import { detectOperation } from '../../shared/contracts/object-detection';
import { ERROR_STATUS, errorCodes, type ErrorCode } from '../../shared/contracts/errors';
import { apiReferences, docsDocument, documentOperations, type CatalogueApi } from './reference';
import { operations } from '../../shared/contracts';

const origin = 'https://docs.test';
const catalogue = readdirSync('content/apis').map(
  (f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi,
);
const doc = docsDocument(origin);
const refs = apiReferences(doc, catalogue, origin);

describe('apiReferences', () => {
  it('makes one page per active catalogue API with keyed operations in the document', () => {
    const activeWithOps = catalogue.filter(
      (a) => a.status === 'active' && documentOperations(doc).some(({ op }) => op.tags.includes(a.id)),
    );
    expect(refs.map((r) => r.id).sort()).toEqual(activeWithOps.map((a) => a.id).sort());
    expect(refs.map((r) => r.href)).toContain('/docs/image-object-detection');
  });

  it("documents every operation of the document on exactly one page (the keyless demo on its API's page)", () => {
    const documented = refs.flatMap((r) => r.operations.map((o) => `${o.method} ${o.path}`));
    const tagged = documentOperations(doc).filter(
      ({ op, path }) =>
        refs.some((r) => op.tags.includes(r.id)) ||
        path.startsWith('/api/demo/object-detection') ||
        path.startsWith('/api/demo/watermark-detection') ||
        path.startsWith('/api/demo/image-classification') ||
        path.startsWith('/api/demo/image-captioning'),
    );
    expect(documented.sort()).toEqual(tagged.map(({ method, path }) => `${method} ${path}`).sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('gives detect its fields with limits, a real example of every response field, errors with remedies, auth, limits and quotas', () => {
    const detection = refs.find((r) => r.id === 'image-object-detection')!;
    const detect = detection.operations.find((o) => o.path === '/api/v1/detect')!;
    expect(detect.anchor).toBe('detect-objects');
    expect(detect.auth).toBe('apiKey');
    expect(detect.bodyFields.find((f) => f.name === 'error_checks')).toMatchObject({
      type: 'integer',
      required: false,
      constraints: ['0 to 10', 'default 3'],
    });
    expect(detect.bodyFields.find((f) => f.name === 'image_urls')?.constraints).toContain('1 to 20 items');
    expect(() => detectRequestSchema.parse(detect.requestExample)).not.toThrow();
    expect(detectOperation.response.schema.parse(detect.responseExample)).toBeTruthy();
    expect(String(detect.requestExample?.['image_urls'])).toContain(origin);
    const topLevel = detect.responseFields.filter((f) => f.depth === 0).map((f) => f.name);
    expect(topLevel.sort()).toEqual(Object.keys(detectOperation.response.schema.shape).sort());
    // Every code of the contract, each with its documented status and a remedy.
    const contract = operations.find((o) => o.path === '/api/v1/detect')!;
    expect(detect.errors.map((e) => e.code).sort()).toEqual([...contract.errors].sort());
    for (const e of detect.errors) {
      expect((ERROR_STATUS[e.code as ErrorCode] as readonly number[]).includes(e.status)).toBe(true);
      expect(e.remedy.length).toBeGreaterThan(10);
    }
    expect(detect.rateLimits.map((r) => r.name)).toEqual(['single', 'batch']);
    expect(detection.quotas.map((q) => [q.tier, q.requestsPerMonth])).toEqual([
      ['Testing', 200],
      ['Standard', 2000],
      ['Premium', 5000],
      ['Custom', null],
    ]);
  });

  it('puts the keyless multipart demo last on the object-detection page', () => {
    const ops = refs.find((r) => r.id === 'image-object-detection')!.operations;
    const demo = ops.at(-1)!;
    expect(demo).toMatchObject({
      path: '/api/demo/object-detection',
      auth: 'none',
      bodyType: 'multipart/form-data',
    });
    expect(demo.bodyFields.map((f) => f.name)).toContain('file');
  });

  it('shows the watermark API with its upload form, a stored real response and the brand-list operations', () => {
    const ops = refs.find((r) => r.id === 'watermark-detection')!.operations;
    const analyse = ops.find((o) => o.path === '/api/v1/watermark')!;
    expect(analyse.bodyType).toBe('multipart/form-data');
    expect(analyse.bodyFields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['file', 'image_url', 'detect_type', 'sensitivity', 'include_invisible']),
    );
    const shown = analyse.responseExample as { visible_watermarks: { items: { text: string }[] } };
    expect(shown.visible_watermarks.items.map((w) => w.text)).toContain('stock.example');
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/watermark/brands',
        'POST /api/v1/watermark/brands',
        'DELETE /api/v1/watermark/brands/{id}',
      ]),
    );
  });

  it('reads codes from x-error-codes when the document lists them', () => {
    const copy = structuredClone(doc);
    const responses = copy.paths['/api/v1/detect']!['post']!.responses as unknown as Record<
      string,
      Record<string, unknown>
    >;
    responses['429'] = { ...responses['429'], description: 'Too many', 'x-error-codes': ['QUOTA_EXCEEDED'] };
    const ref = apiReferences(copy, catalogue, origin).find((r) => r.id === 'image-object-detection')!;
    const codes = ref.operations[0]!.errors.filter((e) => e.status === 429).map((e) => e.code);
    expect(codes).toEqual(['QUOTA_EXCEEDED']);
    expect(errorCodes).toContain('QUOTA_EXCEEDED');
  });
});
