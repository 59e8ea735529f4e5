import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorExample, unauthorizedExample, type DocEndpoint } from '../../../content/docs/api-reference';
import { ERROR_HELP } from '../../shared/contracts/error-docs';
import { docsGroups } from './docs-groups';
import { apiReferences, docsDocument, type CatalogueApi } from './reference';
import { errorBodySchema, errorCodes } from '../../server/http/errors';
import { defineCategoriesOperation, detectOperation } from '../../shared/contracts/object-detection';
import { categoryDefinitionsSchema, detectRequestSchema } from '../../shared/schemas/detect';
import { withOrigin } from '../../shared/site-origin';
import { anchorsFor, endpointUrl, examplesFor, quickStartEndpoint, sampleRequest, tocFor } from './docs-page';
import { codeSamples } from '../snippets';
import { describeSampleUrl } from '../request-summary';

const catalogue = readdirSync('content/apis').map(
  (f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi,
);
/** The groups /docs renders, generated from the OpenAPI document: the authenticity API's first. */
const apiGroups = docsGroups(
  apiReferences(docsDocument('https://x.test'), catalogue, 'https://x.test'),
  'https://x.test',
);
const endpoints = apiGroups.flatMap((g) => g.endpoints);

describe('API reference', () => {
  it('documents every endpoint the spec names', () => {
    // Every one generated from its contract: the authenticity API's in full (the batch job
    // lifecycle follows them), then the other APIs'.
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/predict',
      'POST /api/predict_batch',
      'GET /api/predict_batch/{job_id}',
      'POST /api/why_not_real',
      'POST /api/error',
      'POST /api/v1/faces',
      'POST /api/v1/caption',
      'POST /api/v1/classify',
      'GET /api/v1/label-sets',
      'POST /api/v1/label-sets',
      'DELETE /api/v1/label-sets/{id}',
      'POST /api/v1/detect',
      'POST /api/v1/categories',
      'POST /api/v1/similar',
      'GET /api/v1/collections',
      'POST /api/v1/collections',
      'GET /api/v1/collections/{name}/images',
      'POST /api/v1/collections/{name}/images',
      'DELETE /api/v1/collections/{name}/images/{id}',
      'DELETE /api/v1/collections/{name}',
      'POST /api/v1/inspections',
      'GET /api/v1/inspections/{id}',
      'POST /api/v1/watermark',
      'GET /api/v1/watermark/brands',
      'POST /api/v1/watermark/brands',
      'DELETE /api/v1/watermark/brands/{id}',
    ]);
  });

  it('shows request examples that only use documented request fields, with every required one', () => {
    for (const e of endpoints) {
      if (!e.requestFields) continue;
      const example = e.requestExample as Record<string, unknown>;
      const topLevel = e.requestFields.filter((f) => !f.name.includes('.') && !f.name.includes('['));
      for (const key of Object.keys(example))
        expect(
          topLevel.map((f) => f.name),
          `${e.id}: ${key}`,
        ).toContain(key);
      for (const f of topLevel.filter((f) => f.required))
        expect(Object.keys(example), `${e.id}`).toContain(f.name);
    }
  });

  it('shows detection examples the real endpoints accept and answer with', () => {
    // Stored examples name the site's origin as {{origin}}; pages fill in their own.
    const detect = withOrigin(endpoints.find((e) => e.id === 'post-detect') as DocEndpoint, 'https://x.test');
    expect(() => detectRequestSchema.parse(detect.requestExample)).not.toThrow();
    for (const example of [detect.responseExample, ...(detect.moreResponses ?? []).map((r) => r.example)]) {
      expect(() => detectOperation.response.schema.parse(example)).not.toThrow();
    }
    const categories = endpoints.find((e) => e.id === 'post-categories') as DocEndpoint;
    expect(() => categoryDefinitionsSchema.parse(categories.requestExample)).not.toThrow();
    expect(() => defineCategoriesOperation.response.schema.parse(categories.responseExample)).not.toThrow();
  });

  it('lists exactly the top-level fields the detection schemas define', () => {
    const topLevel = (e: DocEndpoint | undefined, kind: 'requestFields' | 'responseFields') =>
      (e?.[kind] ?? []).map((f) => f.name).filter((n) => !n.includes('[') && !n.includes('.'));
    const detect = endpoints.find((e) => e.id === 'post-detect');
    expect(topLevel(detect, 'requestFields').sort()).toEqual(Object.keys(detectRequestSchema.shape).sort());
    expect(topLevel(detect, 'responseFields').sort()).toEqual(
      Object.keys(detectOperation.response.schema.shape).sort(),
    );
    const categories = endpoints.find((e) => e.id === 'post-categories');
    expect(topLevel(categories, 'responseFields').sort()).toEqual(
      Object.keys(defineCategoriesOperation.response.schema.shape).sort(),
    );
  });

  it('shows error bodies in the documented shape, with real codes', () => {
    for (const example of [errorExample, unauthorizedExample]) {
      expect(errorBodySchema.parse(example)).toEqual(example);
      expect(errorCodes).toContain(example.error.code);
    }
  });

  it('describes every error code the functions can answer with, and what to do about it', () => {
    for (const code of errorCodes) {
      expect(ERROR_HELP[code].meaning, code).toBeTruthy();
      expect(ERROR_HELP[code].remedy, code).toBeTruthy();
    }
  });

  it('generates the detect fields and example from the contract, with every response field', () => {
    const detect = endpoints.find((e) => e.id === 'post-detect') as DocEndpoint;
    expect(Object.keys(detect.responseExample as object).sort()).toEqual(
      Object.keys(detectOperation.response.schema.shape).sort(),
    );
    expect(detect.requestFields?.find((f) => f.name === 'error_checks')?.description).toContain('0 to 10');
    expect(detect.requestFields?.find((f) => f.name === 'error_checks')?.description).toContain('default 3');
  });
});

describe('endpointUrl', () => {
  it('fills path parameters from the example values', () => {
    const get = endpoints.find((e) => e.method === 'GET') as DocEndpoint;
    expect(endpointUrl(get, 'https://x.test')).toBe(
      'https://x.test/api/predict_batch/3f6c1a52-8d4e-4b7a-9c21-5e0f7d9b2a64',
    );
  });

  it('refuses a path parameter without an example, rather than sending a literal {id}', () => {
    const broken: DocEndpoint = {
      ...(endpoints.find((e) => e.method === 'GET') as DocEndpoint),
      pathExample: {},
    };
    expect(() => endpointUrl(broken, 'https://x.test')).toThrow(/job_id/);
  });
});

describe('samples', () => {
  it('send the documented request body, and none for GET', () => {
    for (const e of endpoints) {
      const req = sampleRequest(e, 'https://x.test');
      expect(req.body).toEqual(e.requestExample);
      if (e.method === 'GET') expect(req.body).toBeUndefined();
    }
    // Samples of the APIs with their own reference page live there, not on /docs.
    const full = apiGroups.filter((g) => !g.reference).flatMap((g) => g.endpoints);
    expect(full.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/predict', '/api/predict_batch']));
    expect(full.some((e) => e.path === '/api/v1/detect')).toBe(false);
    expect(examplesFor(apiGroups, 'https://x.test')).toHaveLength(full.length);
  });
});

describe('anchors', () => {
  it('maps deep links to the tab that holds them', () => {
    const anchors = anchorsFor(apiGroups);
    expect(anchors['examples']).toBe('examples');
    expect(anchors['post-detect']).toBe('endpoints');
    expect(anchors['example-post-predict']).toBe('examples');
    expect(anchors['example-post-detect']).toBeUndefined();
    expect(anchors['rate-limits']).toBe('performance');
    expect(anchors['error-codes']).toBe('errors');
    expect(anchors['quick-start']).toBeUndefined();
  });

  it('covers every tabbed table-of-contents entry', () => {
    const anchors = anchorsFor(apiGroups);
    for (const s of tocFor(apiGroups).filter((s) => s.tab)) {
      expect(anchors[s.id]).toBe(s.tab);
      for (const c of s.children) expect(anchors[c.id]).toBe(s.tab);
    }
  });
});

describe('quick start', () => {
  const predict = quickStartEndpoint(apiGroups);
  const curl = codeSamples(sampleRequest(predict, 'https://x.test')).curl;

  it('sends the request step 3 names: POST /api/predict, not a batch job', () => {
    expect(`${predict.method} ${predict.path}`).toBe('POST /api/predict');
    expect(curl).toContain(
      "-X POST 'https://x.test/api/predict'".replace(/'/g, curl.includes("'https") ? "'" : ''),
    );
    expect(curl).not.toContain('predict_batch');
  });

  it('shows a response that has the verdict step 4 reads', () => {
    const response = predict.responseExample as Record<string, unknown>;
    expect(response).toHaveProperty('is_real');
    expect(response).toHaveProperty('fail_tags');
    expect(response).not.toHaveProperty('job_status');
  });

  it('sends a sample photo the site ships', () => {
    const url = (predict.requestExample as { image_url: string }).image_url;
    const file = url.split('/images/samples/')[1];
    expect(file, url).toBeTruthy();
    expect(readdirSync('public/images/samples')).toContain(file);
    expect(describeSampleUrl(url)).toBe(file);
  });
});
