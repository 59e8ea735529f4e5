import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import * as collectionsFunction from '../../functions/collections';
import * as collectionImagesFunction from '../../functions/collection-images';
import demoSimilar from '../../functions/demo-similar-images';
import similar from '../../functions/similar';
import { bearer, createTestAccount, type TestAccount, useUpFreeTier } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { seedGallery } from '../../src/server/vision/similar/gallery';
import {
  addCollectionImageOperation,
  createCollectionOperation,
  demoSimilarOperation,
  listCollectionImagesOperation,
  listCollectionsOperation,
  similarSearchOperation,
} from '../../src/shared/contracts/similar';
import { useVisionEnv } from '../support/vision-env';
import { routed } from '../support/routed';

const collections = routed(collectionsFunction, collectionImagesFunction);

const env = useVisionEnv({ seeded: true });

const ORIGIN = 'http://localhost';
const SAMPLE = `${ORIGIN}/images/samples/similar-colosseum-crop.jpg`;
let skip: string | undefined;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  const report = await seedGallery(getDb());
  if ('skipped' in report) {
    skip = report.skipped;
    console.log(`similar-image function tests skipped: ${skip}`);
    return;
  }
  alice = await createTestAccount(getDb(), { apiId: 'similar-image-search', tier: 'standard' });
  bob = await createTestAccount(getDb(), { apiId: 'similar-image-search', tier: 'standard' });
}, 180_000);
const needsVector = (ctx: TestContext) => {
  if (skip) ctx.skip();
};

const postJson = (
  fn: typeof similar,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  ip = '198.51.100.61',
) =>
  fn(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip },
  );
const call = (method: string, path: string, headers: Record<string, string>) =>
  collections(new Request(`${ORIGIN}${path}`, { method, headers }), { ip: '198.51.100.62' });

describe('POST /api/v1/similar', () => {
  it('needs an API key; without a similar-search subscription the call runs on the Free tier', async (ctx) => {
    needsVector(ctx);
    expect((await postJson(similar, '/api/v1/similar', { image_url: SAMPLE })).status).toBe(401);
    const other = await createTestAccount(getDb(), { apiId: 'image-object-detection' });
    await useUpFreeTier(getDb(), other.userId);
    const refused = await postJson(similar, '/api/v1/similar', { image_url: SAMPLE }, bearer(other));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { details: unknown } }).error.details).toMatchObject({
      tier: 'free',
    });
  });

  it("finds the gallery original of the cropped sample first, with the contract's fields, and counts one image", async (ctx) => {
    needsVector(ctx);
    const res = await postJson(
      similar,
      '/api/v1/similar',
      { image_url: SAMPLE, max_results: 5, similarity_threshold: 0.7, category: 'all' },
      bearer(alice),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = similarSearchOperation.response.schema.parse(JSON.parse(text));
    expect(body.query_image).toBe(SAMPLE);
    expect(body.similar_images[0]).toMatchObject({
      id: 'arch-colosseum',
      url: `${ORIGIN}/gallery/arch-colosseum.jpg`,
      category: 'architecture',
    });
    // A crop moves the perceptual hash: found by the embedding, above the default threshold.
    expect(body.similar_images[0]!.similarity).toBeGreaterThanOrEqual(0.7);
    expect(body.matches_found).toBe(body.similar_images.length);
    expect(body.matches_found).toBeLessThanOrEqual(5);
    expect(body.search_parameters).toEqual({ max_results: 5, similarity_threshold: 0.7, category: 'all' });
    expect(body.total_searched).toBeGreaterThanOrEqual(120);
    expect(body.usage).toMatchObject({ requests: 1, images: 1 });
  }, 60_000);

  it('accepts an upload (multipart) with the options as text', async (ctx) => {
    needsVector(ctx);
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync(resolve('public/images/samples/similar-windmill-mirror.jpg'))], {
        type: 'image/jpeg',
      }),
      'w.jpg',
    );
    form.set('max_results', '5');
    form.set('similarity_threshold', '0.9');
    form.set('category', 'technology');
    const res = await similar(
      new Request(`${ORIGIN}/api/v1/similar`, { method: 'POST', headers: bearer(alice), body: form }),
      { ip: '198.51.100.61' },
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = similarSearchOperation.response.schema.parse(JSON.parse(text));
    expect(body.query_image).toBe('upload');
    expect(body.similar_images[0]).toMatchObject({ id: 'tech-windmill3', near_duplicate: true });
    expect(body.similar_images.every((m) => m.category === 'technology' && m.similarity >= 0.9)).toBe(true);
  }, 60_000);

  it('refuses out-of-range parameters with the field named', async (ctx) => {
    needsVector(ctx);
    for (const bad of [
      { max_results: 60 },
      { max_results: 3 },
      { similarity_threshold: 0.3 },
      { similarity_threshold: 0.99 },
      { category: 'furniture' },
    ]) {
      const res = await postJson(similar, '/api/v1/similar', { image_url: SAMPLE, ...bad }, bearer(alice));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; details: { fields: Record<string, unknown> } };
      };
      expect(Object.keys(body.error.details.fields)).toEqual(Object.keys(bad));
    }
    expect((await postJson(similar, '/api/v1/similar', { max_results: 10 }, bearer(alice))).status).toBe(400);
  });

  it('answers 404 for a collection the account does not have', async (ctx) => {
    needsVector(ctx);
    const res = await postJson(
      similar,
      '/api/v1/similar',
      { image_url: SAMPLE, collection: 'missing' },
      bearer(alice),
    );
    expect(res.status).toBe(404);
  });
});

describe('collections', () => {
  it('create, add by URL and upload, list, search, delete; invisible to another account', async (ctx) => {
    needsVector(ctx);
    const create = await postJson(
      collections as typeof similar,
      '/api/v1/collections',
      { name: 'listings', description: 'Our listings' },
      bearer(alice),
    );
    expect(create.status, await create.clone().text()).toBe(201);
    createCollectionOperation.response.schema.parse(await create.json());
    expect(
      (
        await postJson(
          collections as typeof similar,
          '/api/v1/collections',
          { name: 'listings' },
          bearer(alice),
        )
      ).status,
    ).toBe(409);

    const byUrl = await postJson(
      collections as typeof similar,
      '/api/v1/collections/listings/images',
      {
        id: 'listing-1',
        image_url: `${ORIGIN}/gallery/vehicle-firetruck.jpg`,
        category: 'vehicles',
        metadata: { seller: 'acme', price: 120 },
      },
      bearer(alice),
    );
    const byUrlText = await byUrl.text();
    expect(byUrl.status, byUrlText).toBe(201);
    const added = addCollectionImageOperation.response.schema.parse(JSON.parse(byUrlText));
    expect(added.image).toMatchObject({
      id: 'listing-1',
      url: `${ORIGIN}/gallery/vehicle-firetruck.jpg`,
      category: 'vehicles',
      metadata: { seller: 'acme', price: 120 },
    });
    expect(added.usage).toMatchObject({ requests: 1, images: 1 });

    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync(resolve('public/gallery/food-coffee.jpg'))], { type: 'image/jpeg' }),
      'coffee.jpg',
    );
    form.set('id', 'listing-2');
    form.set('category', 'food');
    form.set('metadata', JSON.stringify({ seller: 'bean-co' }));
    const upload = await collections(
      new Request(`${ORIGIN}/api/v1/collections/listings/images`, {
        method: 'POST',
        headers: bearer(alice),
        body: form,
      }),
      { ip: '198.51.100.62' },
    );
    expect(upload.status, await upload.clone().text()).toBe(201);

    const list = listCollectionImagesOperation.response.schema.parse(
      await (await call('GET', '/api/v1/collections/listings/images?limit=1', bearer(alice))).json(),
    );
    expect(list.images.map((i) => i.id)).toEqual(['listing-1']);
    expect(list.next_after).toBe('listing-1');
    const page2 = listCollectionImagesOperation.response.schema.parse(
      await (
        await call('GET', '/api/v1/collections/listings/images?limit=1&after=listing-1', bearer(alice))
      ).json(),
    );
    expect(page2.images.map((i) => i.id)).toEqual(['listing-2']);

    const all = listCollectionsOperation.response.schema.parse(
      await (await call('GET', '/api/v1/collections', bearer(alice))).json(),
    );
    expect(all.collections.map((c) => [c.name, c.image_count])).toEqual([['listings', 2]]);

    const search = await postJson(
      similar,
      '/api/v1/similar',
      {
        image_url: `${ORIGIN}/images/samples/similar-firetruck-caption.jpg`,
        collection: 'listings',
        similarity_threshold: 0.5,
      },
      bearer(alice),
    );
    const found = similarSearchOperation.response.schema.parse(await search.json());
    expect(found.total_searched).toBe(2);
    expect(found.similar_images[0]).toMatchObject({
      id: 'listing-1',
      near_duplicate: true,
      metadata: { seller: 'acme', price: 120 },
    });
    expect(found.search_parameters.collection).toBe('listings');

    // Bob sees none of it, and cannot touch it.
    expect(
      listCollectionsOperation.response.schema.parse(
        await (await call('GET', '/api/v1/collections', bearer(bob))).json(),
      ).collections,
    ).toEqual([]);
    expect((await call('GET', '/api/v1/collections/listings/images', bearer(bob))).status).toBe(404);
    expect((await call('DELETE', '/api/v1/collections/listings/images/listing-1', bearer(bob))).status).toBe(
      404,
    );
    expect((await call('DELETE', '/api/v1/collections/listings', bearer(bob))).status).toBe(404);
    expect(
      (await postJson(similar, '/api/v1/similar', { image_url: SAMPLE, collection: 'listings' }, bearer(bob)))
        .status,
    ).toBe(404);

    expect(
      (await call('DELETE', '/api/v1/collections/listings/images/listing-2', bearer(alice))).status,
    ).toBe(200);
    expect(
      (await call('DELETE', '/api/v1/collections/listings/images/listing-2', bearer(alice))).status,
    ).toBe(404);
    expect((await call('DELETE', '/api/v1/collections/listings', bearer(alice))).status).toBe(200);
    expect((await call('GET', '/api/v1/collections/listings/images', bearer(alice))).status).toBe(404);
    expect((await call('PUT', '/api/v1/collections', bearer(alice))).status).toBe(405);
  }, 120_000);
});

describe('POST /api/demo/similar-images', () => {
  it('searches the gallery without a key, and answers the demo contract', async (ctx) => {
    needsVector(ctx);
    const res = await postJson(
      demoSimilar as typeof similar,
      '/api/demo/similar-images',
      {
        image_url: `${ORIGIN}/images/samples/similar-solar-bright.jpg`,
        max_results: 10,
        similarity_threshold: 0.7,
        category: 'all',
      },
      {},
      '198.51.100.63',
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = demoSimilarOperation.response.schema.parse(JSON.parse(text));
    expect(body.similar_images[0]).toMatchObject({ id: 'tech-solar4', near_duplicate: true });
    expect(body.similar_images[0]!.credit).toBeTruthy();
    expect(body.similar_images[0]!.license).toBeTruthy();
    expect(body).not.toHaveProperty('usage');
  }, 60_000);

  it('refuses a collection (the demo searches the public gallery only)', async (ctx) => {
    needsVector(ctx);
    const res = await postJson(
      demoSimilar as typeof similar,
      '/api/demo/similar-images',
      { image_url: SAMPLE, collection: 'listings' },
      {},
      '198.51.100.64',
    );
    expect(res.status).toBe(400);
  });

  it('limits each client to 10 searches a minute', async (ctx) => {
    needsVector(ctx);
    const ip = '198.51.100.65';
    const statuses: number[] = [];
    // Invalid bodies are cheap and still count against the limit.
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await postJson(
            demoSimilar as typeof similar,
            '/api/demo/similar-images',
            { max_results: 1 },
            {},
            ip,
          )
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('on a database without pgvector', () => {
  it('answers 503 SERVICE_UNAVAILABLE with a clear message (runs where pgvector is missing)', async (ctx) => {
    if (!skip) ctx.skip();
    const res = await postJson(
      demoSimilar as typeof similar,
      '/api/demo/similar-images',
      { image_url: SAMPLE },
      {},
      '198.51.100.66',
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/pgvector/);
  });
});

void env;
