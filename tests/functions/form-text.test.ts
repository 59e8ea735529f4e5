/**
 * Text that arrives in multipart forms meets the same rules as JSON bodies: a NUL character in
 * any field (or in the JSON text of `metadata`) is a 400 naming the field, never a PostgreSQL
 * error turned into a 500; and `metadata` nested deeper than the documented bound is a 400,
 * not a stack overflow.
 */
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import * as collectionImagesFunction from '../../functions/collection-images';
import * as labelSetsFunction from '../../functions/label-sets';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { createCollection } from '../../src/server/vision/similar/collections';
import { requireSimilarSearch } from '../../src/server/vision/similar/service';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import { SAFE_TEXT_MESSAGE } from '../../src/shared/schemas/safe-text';
import { METADATA_MAX_DEPTH } from '../../src/shared/schemas/similar';
import { useVisionEnv } from '../support/vision-env';
import { routed } from '../support/routed';

const images = routed(collectionImagesFunction);
const labelSets = routed(labelSetsFunction);
useVisionEnv({ seeded: true });

const ORIGIN = 'http://localhost';
let owner: TestAccount;
let classifier: TestAccount;
let noVector: string | undefined;

beforeAll(async () => {
  const db = getDb();
  classifier = await createTestAccount(db, { apiId: 'image-classification', tier: 'standard' });
  owner = await createTestAccount(db, { apiId: 'similar-image-search', tier: 'standard' });
  try {
    await requireSimilarSearch(db);
  } catch {
    noVector = 'no pgvector';
    return;
  }
  await createCollection(db, owner.userId, 'listings');
});
const needsVector = (ctx: TestContext) => {
  if (noVector) ctx.skip();
};

async function fieldsOf(res: Response): Promise<Record<string, string[]>> {
  const body = errorBodySchema.parse(await res.json());
  expect(body.error.code).toBe('INVALID_REQUEST');
  return (body.error.details as { fields: Record<string, string[]> }).fields;
}

const postForm = (fn: typeof images, path: string, form: FormData, account: TestAccount) =>
  fn(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: bearer(account), body: form }), {
    ip: '198.51.100.70',
  });
const postJson = (fn: typeof images, path: string, body: string, account: TestAccount) =>
  fn(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { ...bearer(account), 'Content-Type': 'application/json' },
      body,
    }),
    { ip: '198.51.100.71' },
  );

const imageForm = (fields: Record<string, string>) => {
  const form = new FormData();
  form.set('image_url', `${ORIGIN}/images/samples/similar-colosseum-crop.jpg`);
  form.set('id', 'listing-1');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

/** An object holding arrays nested so the document is `depth` levels deep (`{"a":[[...]]}`), 2 bytes a level. */
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('NUL characters in form fields', () => {
  it.for<[string, Record<string, string>, string]>([
    ['a raw NUL in the metadata text', { metadata: '{"seller":"a\u0000b"}' }, 'metadata'],
    ['an escaped NUL inside the metadata JSON', { metadata: '{"seller":"a\\u0000b"}' }, 'metadata.seller'],
    ['a NUL in the image id', { id: 'listing\u00001' }, 'id'],
    ['a NUL in the category', { category: 'arch\u0000' }, 'category'],
  ])('collection image with %s: 400 naming the field', async ([, fields, path], ctx) => {
    needsVector(ctx);
    const res = await postForm(images, '/api/v1/collections/listings/images', imageForm(fields), owner);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))[path]).toEqual([SAFE_TEXT_MESSAGE]);
  });

  it('label-set name holding NUL: 400 naming the field', async () => {
    const form = new FormData();
    form.set('name', 'Rooms\u0000');
    form.append('examples.a', `${ORIGIN}/images/samples/cat-chelsea.jpg`);
    form.append('examples.b', `${ORIGIN}/images/samples/coffee-cup.jpg`);
    const res = await postForm(labelSets, '/api/v1/label-sets', form, classifier);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))['name']).toEqual([SAFE_TEXT_MESSAGE]);
  });

  it('a NUL in an example URL: 400 naming the field', async () => {
    const form = new FormData();
    form.set('name', 'Rooms');
    form.append('examples.a', `${ORIGIN}/images/samples/cat-chelsea.jpg`);
    form.append('examples.b', `${ORIGIN}/images/samples/coffee-cup.jpg\u0000`);
    const res = await postForm(labelSets, '/api/v1/label-sets', form, classifier);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))['examples.b']).toEqual([SAFE_TEXT_MESSAGE]);
  });
});

describe('deeply nested collection-image metadata', () => {
  it('5,000 levels in a JSON body: 400, not a 500', async (ctx) => {
    needsVector(ctx);
    const body = `{"id":"listing-1","image_url":"${ORIGIN}/images/samples/similar-colosseum-crop.jpg","metadata":${nested(5000)}}`;
    expect(body.length).toBeLessThan(11 * 1024);
    const res = await postJson(images, '/api/v1/collections/listings/images', body, owner);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))['metadata']?.[0]).toMatch(/nested/i);
  });

  it('5,000 levels in a form: 400, not a 500', async (ctx) => {
    needsVector(ctx);
    const res = await postForm(
      images,
      '/api/v1/collections/listings/images',
      imageForm({ metadata: nested(5000) }),
      owner,
    );
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))['metadata']?.[0]).toMatch(/nested/i);
  });

  it(`just past the bound (${METADATA_MAX_DEPTH + 1} levels): 400; at the bound the size rule still applies`, async (ctx) => {
    needsVector(ctx);
    let res = await postForm(
      images,
      '/api/v1/collections/listings/images',
      imageForm({ metadata: nested(METADATA_MAX_DEPTH + 1) }),
      owner,
    );
    expect(res.status).toBe(400);
    res = await postForm(
      images,
      '/api/v1/collections/listings/images',
      imageForm({ metadata: JSON.stringify({ a: 'x'.repeat(5000) }) }),
      owner,
    );
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))['metadata']?.[0]).toMatch(/4,096 characters/);
  });
});
