import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../src/server/catalogue/test-fixtures';
import { seed, setDb } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import { DEFAULT_SITE_ORIGIN } from '../../src/shared/site-origin';
import * as apisFunction from '../../functions/apis';
import * as useCasesFunction from '../../functions/use-cases';
import { routed } from '../support/routed';

const apis = routed(apisFunction);
const useCases = routed(useCasesFunction);

let close: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestDb();
  await seed(t.db, { catalogue: fixtureCatalogue });
  setDb(t.db);
  close = t.close;
});
afterAll(async () => {
  setDb(undefined);
  await close();
});

const get = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe('GET /api/apis', () => {
  it('lists every API with the fields the pages read, active first, price as a number', async () => {
    const res = await apis(get('/api/apis'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const body = await res.json();
    expect(body.map((a: { id: string }) => a.id)).toEqual(['image-object-detection', 'zz-coming']);
    expect(body[0]).toEqual({
      id: 'image-object-detection',
      name: 'Image Object Detection',
      description: 'Finds rooms and fixtures.',
      icon: 'fa-eye',
      status: 'active',
      features: ['Batches of up to 20 images'],
      price: 0.05,
      category: 'Computer Vision',
      endpoints: [
        {
          method: 'POST',
          path: '/api/v1/detect',
          planned: false,
          description: 'Detects objects.',
          request: { image_urls: [] },
        },
      ],
      // The API lives on the site's own origin.
      baseUrl: DEFAULT_SITE_ORIGIN,
      pricingPlans: fixtureCatalogue.apis[0]!.pricingPlans,
      useCases: ['listing-check'],
    });
    expect(body[1].price).toBe(20);
  });

  it('answers one API by id', async () => {
    const res = await apis(get('/api/apis/zz-coming'));
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('A Coming Soon API');
  });

  it('reads the id from the route parameters the router built, not from the URL path', async () => {
    const res = await apisFunction.default(get('/api/apis'), {
      ip: '127.0.0.1',
      params: { id: 'zz-coming' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('A Coming Soon API');
  });

  it('answers 404 NOT_FOUND with the documented body for an unknown id', async () => {
    for (const path of ['/api/apis/does-not-exist', '/api/apis/a/b']) {
      const res = await apis(get(path));
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.request_id).toBe(res.headers.get('x-request-id'));
    }
    const body = await (await apis(get('/api/apis/nope'))).json();
    expect(body.error.message).toBe('The requested API could not be found.');
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await apis(get('/api/apis', { method: 'POST', body: '{}' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('GET /api/use-cases', () => {
  it('lists use cases in the page shape', async () => {
    const res = await useCases(get('/api/use-cases'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: 'listing-check',
        name: 'Listing Check',
        description: 'Checks listings.',
        imageUrl: '/images/use-cases/listing.svg',
        imageAlt: 'A listing',
        industries: ['Real Estate'],
        applicableApis: ['image-object-detection'],
        benefits: ['Faster'],
      },
    ]);
  });

  it('answers one use case, or 404 with the page text', async () => {
    const ok = await useCases(get('/api/use-cases/listing-check'));
    expect((await ok.json()).applicableApis).toEqual(['image-object-detection']);
    const missing = await useCases(get('/api/use-cases/nope'));
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'The requested use case could not be found.',
    });
  });

  it('answers 405 for DELETE', async () => {
    expect((await useCases(get('/api/use-cases/listing-check', { method: 'DELETE' }))).status).toBe(405);
  });
});
