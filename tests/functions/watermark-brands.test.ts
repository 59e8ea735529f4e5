import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import watermark from '../../functions/watermark';
import * as watermarkBrandsFunction from '../../functions/watermark-brands';
import { bearer, createTestAccount, type TestAccount, useUpFreeTier } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { drawTextMarks } from '../../src/server/vision/watermark/overlay';
import {
  addBrandOperation,
  listBrandsOperation,
  removeBrandOperation,
  watermarkOperation,
} from '../../src/shared/contracts/watermark';
import { useVisionEnv } from '../support/vision-env';
import { routed } from '../support/routed';

const brandsFn = routed(watermarkBrandsFunction);

useVisionEnv({ seeded: true });

const BASE = 'http://localhost/api/v1/watermark/brands';
const ctx = { ip: '198.51.100.41' };
const call = (method: string, path: string, account: TestAccount | null, body?: unknown) =>
  brandsFn(
    new Request(`${BASE}${path}`, {
      method,
      headers: {
        ...(account && bearer(account)),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
    ctx,
  );
const subscribed = () => createTestAccount(getDb(), { apiId: 'watermark-detection', tier: 'standard' });

/** A photo with the wordmark "Northlight Images" in a corner, sent as an upload. */
async function analyseUpload(account: TestAccount) {
  const photo = await drawTextMarks(await readFile('public/images/samples/coffee-cup.jpg'), [
    { text: 'Northlight Images', fontSize: 30, opacity: 0.6, at: { x: 0.74, y: 0.92 } },
  ]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('detect_type', 'brand_logos');
  form.append('include_invisible', 'false');
  const res = await watermark(
    new Request('http://localhost/api/v1/watermark', {
      method: 'POST',
      headers: bearer(account),
      body: form,
    }),
    ctx,
  );
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return watermarkOperation.response.schema.parse(JSON.parse(text));
}

describe('/api/v1/watermark/brands', () => {
  it('needs a key; an account not subscribed to watermark detection manages its brands on the Free tier', async () => {
    expect((await call('GET', '', null)).status).toBe(401);
    const other = await createTestAccount(getDb(), { apiId: 'image-object-detection' });
    // Listing analyses nothing: allowed on the Free tier even with its images used up.
    await useUpFreeTier(getDb(), other.userId);
    expect((await call('GET', '', other)).status).toBe(200);
  });

  it("lists, adds and removes the key's brands (contract shapes, 201 on add, not metered)", async () => {
    const account = await subscribed();
    const empty = listBrandsOperation.response.schema.parse(await (await call('GET', '', account)).json());
    expect(empty.brands).toEqual([]);
    expect(empty.default_brands).toContain('Shutterstock');
    const res = await call('POST', '', account, {
      name: 'Northlight Images',
      aliases: ['northlight.example'],
    });
    expect(res.status).toBe(201);
    const { brand, usage } = addBrandOperation.response.schema.parse(await res.json());
    expect(brand).toMatchObject({ name: 'Northlight Images', aliases: ['northlight.example'] });
    expect(usage.requests).toBe(0);
    expect((await call('POST', '', account, { name: 'northlight images' })).status).toBe(409);
    expect((await call('POST', '', account, { name: 'x' })).status).toBe(400);
    expect((await call('POST', '', account, { name: 'Ok Brand', extra: 1 })).status).toBe(400);
    const listed = listBrandsOperation.response.schema.parse(await (await call('GET', '', account)).json());
    expect(listed.brands.map((b) => b.id)).toEqual([brand.id]);
    const removed = await call('DELETE', `/${brand.id}`, account);
    expect(removed.status).toBe(200);
    expect(removeBrandOperation.response.schema.parse(await removed.json())).toMatchObject({
      id: brand.id,
      removed: true,
    });
    const again = await call('DELETE', `/${brand.id}`, account);
    expect(again.status).toBe(200);
    expect((await again.json()).removed).toBe(false);
    expect((await call('DELETE', '/a/b', account)).status).toBe(404);
    expect((await call('PUT', '', account)).status).toBe(405);
  }, 30_000);

  it('is used by POST /api/v1/watermark for that account only', async () => {
    const owner = await subscribed();
    const stranger = await subscribed();
    expect((await call('POST', '', owner, { name: 'Northlight Images' })).status).toBe(201);
    // Another account cannot remove it.
    const [mine] = listBrandsOperation.response.schema.parse(
      await (await call('GET', '', owner)).json(),
    ).brands;
    expect(await (await call('DELETE', `/${mine?.id}`, stranger)).json()).toMatchObject({ removed: false });
    expect(
      listBrandsOperation.response.schema.parse(await (await call('GET', '', owner)).json()).brands,
    ).toHaveLength(1);

    const forOwner = await analyseUpload(owner);
    expect(forOwner.brand_logos.items.map((l) => l.brand)).toContain('Northlight Images');
    const forStranger = await analyseUpload(stranger);
    expect(forStranger.brand_logos.items.map((l) => l.brand)).not.toContain('Northlight Images');
  }, 120_000);
});
