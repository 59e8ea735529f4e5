import { errorBodySchema } from '../../src/shared/contracts/errors';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import caption from '../../functions/caption';
import demo from '../../functions/demo-image-captioning';
import { bearer, createTestAccount, useUpFreeTier } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { captionOperation, demoCaptionOperation } from '../../src/shared/contracts/caption';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv({ seeded: true });

const URL_ = 'http://localhost/api/v1/caption';
const DEMO_URL = 'http://localhost/api/demo/image-captioning';
const SIGN = 'http://localhost/images/samples/wm-scene-sign.jpg';
const post = (body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.71') =>
  caption(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip },
  );
const postDemo = (body: unknown, ip: string) =>
  demo(
    new Request(DEMO_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('POST /api/v1/caption', () => {
  it('needs an API key; without a captioning subscription the call runs on the Free tier', async () => {
    expect((await post({ image_url: SIGN })).status).toBe(401);
    const other = await createTestAccount(getDb(), { apiId: 'image-classification', tier: 'standard' });
    await useUpFreeTier(getDb(), other.userId);
    const refused = await post({ image_url: SIGN }, bearer(other));
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error.details).toMatchObject({ tier: 'free' });
  });

  it('composes the caption from what the analysis found, with the text read, and counts one request', async () => {
    const account = await createTestAccount(getDb(), { apiId: 'image-captioning', tier: 'standard' });
    const res = await post({ image_url: SIGN, style: 'technical', max_length: 150 }, bearer(account));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = captionOperation.response.schema.parse(JSON.parse(text));
    expect(body).toMatchObject({
      image_url: SIGN,
      style: 'technical',
      analysis_method: 'composed from detected content',
      request_id: res.headers.get('X-Request-Id'),
    });
    // The sign's word is read by the OCR engine, the cat by the detector.
    expect(body.caption).toContain('"BAKERY"');
    expect(body.caption).toMatch(/cat/);
    expect(body.word_count).toBe(body.caption.split(/\s+/).length);
    expect(body.word_count).toBeLessThanOrEqual(150);
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.usage).toMatchObject({ requests: 1, images: 1 });
  }, 90_000);
});

describe('POST /api/demo/image-captioning', () => {
  it('answers each style differently for the same photo, within the word limit', async () => {
    const captions = new Set<string>();
    for (const [i, style] of (['descriptive', 'creative', 'technical', 'emotional'] as const).entries()) {
      const res = await postDemo(
        { image_url: env.img('dog.jpg'), style, max_length: 50 },
        `198.51.100.${72 + i}`,
      );
      expect(res.status).toBe(200);
      const body = demoCaptionOperation.response.schema.parse(await res.json());
      expect(body.style).toBe(style);
      expect(body.word_count).toBeLessThanOrEqual(50);
      expect(body.caption).toMatch(/dog/);
      captions.add(body.caption);
    }
    expect(captions.size).toBe(4);
  }, 90_000);

  it('cuts at a small limit with an ellipsis', async () => {
    const res = await postDemo(
      { image_url: env.img('dog.jpg'), style: 'technical', max_length: 10 },
      '198.51.100.76',
    );
    const body = demoCaptionOperation.response.schema.parse(await res.json());
    expect(body.word_count).toBe(10);
    expect(body.caption.endsWith('...')).toBe(true);
  }, 60_000);

  it('accepts an upload with the options as text fields', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync('tests/fixtures/images/horses.jpg')], { type: 'image/jpeg' }),
      'horses.jpg',
    );
    form.set('style', 'emotional');
    form.set('max_length', '100');
    const res = await demo(new Request(DEMO_URL, { method: 'POST', body: form }), { ip: '198.51.100.77' });
    expect(res.status).toBe(200);
    const body = demoCaptionOperation.response.schema.parse(await res.json());
    expect(body).toMatchObject({ image_url: null, style: 'emotional' });
    expect(body.caption).toMatch(/horse/);
  }, 60_000);

  it.each([
    [{}, 'Please enter an image URL or upload an image'],
    [{ image_url: SIGN, style: 'poetic' }, 'style'],
    [{ image_url: SIGN, max_length: 151 }, 'max_length'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await postDemo(body, '198.51.100.78');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });
});
