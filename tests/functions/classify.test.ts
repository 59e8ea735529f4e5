import { errorBodySchema } from '../../src/shared/contracts/errors';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import classify from '../../functions/classify';
import demo from '../../functions/demo-image-classification';
import { bearer, createTestAccount, useUpFreeTier } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { ROOM_LABELS } from '../../src/server/vision/rooms/classifier';
import { classifyOperation, demoClassifyOperation } from '../../src/shared/contracts/classify';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv({ seeded: true });

const URL_ = 'http://localhost/api/v1/classify';
const DEMO_URL = 'http://localhost/api/demo/image-classification';
const SAMPLE = 'http://localhost/images/samples/od-coffee-cup.jpg';
const post = (body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.41') =>
  classify(
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
const subscribed = () => createTestAccount(getDb(), { apiId: 'image-classification', tier: 'standard' });

describe('POST /api/v1/classify', () => {
  it('needs an API key; without a classification subscription the call runs on the Free tier', async () => {
    expect((await post({ image_url: SAMPLE })).status).toBe(401);
    const other = await createTestAccount(getDb(), { apiId: 'image-object-detection' });
    await useUpFreeTier(getDb(), other.userId);
    const refused = await post({ image_url: SAMPLE }, bearer(other));
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error.details).toMatchObject({ tier: 'free' });
  });

  it('scores the room types, best first, top_k of them, and counts one request', async () => {
    const account = await subscribed();
    const res = await post({ image_url: SAMPLE, top_k: 5 }, bearer(account));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = classifyOperation.response.schema.parse(JSON.parse(text));
    expect(body).toMatchObject({
      image_url: SAMPLE,
      taxonomy: 'room_type',
      request_id: res.headers.get('X-Request-Id'),
    });
    expect(body.labels).toHaveLength(5);
    for (const l of body.labels) expect(ROOM_LABELS).toContain(l.label);
    const scores = body.labels.map((l) => l.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1.001);
    expect(body.analysis_method).toMatch(/room classifier/);
    expect(body.usage).toMatchObject({ requests: 1, images: 1 });
  }, 60_000);

  it('gives the same scores for the same image by URL and by upload (top_k as a form field)', async () => {
    const account = await subscribed();
    const byUrl = classifyOperation.response.schema.parse(
      await (await post({ image_url: SAMPLE, top_k: 7 }, bearer(account))).json(),
    );
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync('public/images/samples/od-coffee-cup.jpg')], { type: 'image/jpeg' }),
      'cup.jpg',
    );
    form.set('top_k', '7');
    const res = await classify(new Request(URL_, { method: 'POST', headers: bearer(account), body: form }), {
      ip: '198.51.100.42',
    });
    expect(res.status).toBe(200);
    const byUpload = classifyOperation.response.schema.parse(await res.json());
    expect(byUpload.image_url).toBeNull();
    expect(byUpload.labels).toEqual(byUrl.labels);
    expect(byUpload.labels.map((l) => l.label).sort()).toEqual([...ROOM_LABELS].sort());
  }, 60_000);

  it.each([
    [{ image_url: SAMPLE, top_k: 0 }, 'top_k'],
    [{ image_url: SAMPLE, top_k: 8 }, 'top_k'],
    [{ image_url: SAMPLE, taxonomy: 'colours' }, 'taxonomy'],
    [{ top_k: 3 }, 'Please enter an image URL or upload an image'],
  ])('refuses %j with 400 and uses no quota', async (body, field) => {
    const account = await subscribed();
    const res = await post(body, bearer(account), '198.51.100.43');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(field);
  });

  it('answers 404 for a label set id the account does not have, before fetching anything', async () => {
    const account = await subscribed();
    const hits = env.server().hits.length;
    const res = await post(
      { image_url: env.img('dog.jpg'), taxonomy: '00000000-0000-4000-8000-000000000000' },
      bearer(account),
    );
    expect(res.status).toBe(404);
    expect(env.server().hits.length).toBe(hits);
  });
});

describe('POST /api/demo/image-classification', () => {
  it('classifies room types without a key and without usage', async () => {
    const res = await postDemo({ image_url: env.img('dog.jpg'), top_k: 2 }, '198.51.100.44');
    expect(res.status).toBe(200);
    const body = demoClassifyOperation.response.schema.parse(await res.json());
    expect(body.labels).toHaveLength(2);
    expect(body).not.toHaveProperty('usage');
  }, 60_000);

  it('refuses label sets without a key', async () => {
    const res = await postDemo(
      { image_url: SAMPLE, taxonomy: '00000000-0000-4000-8000-000000000000' },
      '198.51.100.45',
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/need an API key/);
  });

  it('allows 10 calls a minute per client, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postDemo({ top_k: 9 }, '198.51.100.46')).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const last = await postDemo({ top_k: 9 }, '198.51.100.46');
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBeTruthy();
  });
});
