import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAccount } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { detectResponseSchema } from '../../src/shared/schemas/detect';
import detect from '../../functions/detect';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv();

let ip = 0;
function post(body: unknown, init: { raw?: string; contentType?: string } = {}) {
  ip += 1;
  return detect(
    new Request('http://localhost/api/v1/detect', {
      method: 'POST',
      headers: { 'Content-Type': init.contentType ?? 'application/json', ...env.auth() },
      body: init.raw ?? JSON.stringify(body),
    }),
    { ip: `203.0.113.${ip}` },
  );
}
const img = env.img;

async function errorOf(res: Response) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details: unknown };
    request_id: string;
  };
  expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
  return body.error;
}

describe('POST /api/v1/detect', () => {
  it('answers per image for a category, reporting undetectable objects instead of false', async () => {
    const res = await post({ image_urls: [img('coffee.jpg')], category: 'kitchen', error_checks: 0 });
    expect(res.status).toBe(200);
    const body = detectResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      category: 'kitchen',
      category_inferred: false,
      mode: 'per_item',
      error_checks: 0,
    });
    expect(body.undetectable_objects).toEqual(['kitchen_island', 'dishwasher']);
    const [first] = body.detection_results;
    expect(first && 'objects' in first).toBe(true);
    if (!first || !('objects' in first)) return;
    expect(first.image_url).toBe(img('coffee.jpg'));
    expect(first.objects).toMatchObject({
      cup: true,
      dining_table: true,
      oven: false,
      refrigerator: false,
      none_observed: false,
    });
    expect(first.objects).not.toHaveProperty('dishwasher');
  });

  it('with include_objects, lists the boxes behind every true answer (and only then)', async () => {
    const body = detectResponseSchema.parse(
      await (
        await post({
          image_urls: [img('dog.jpg'), img('horses.jpg'), img('missing.jpg')],
          mode: 'superset',
          category: 'kitchen',
          include_objects: true,
        })
      ).json(),
    );
    const [dog, horses, missing, superset] = body.detection_results;
    for (const entry of [dog, horses]) {
      if (!entry || !('objects' in entry)) throw new Error('expected an answered image');
      expect(entry.objects_found).toBeDefined();
      const names = new Set(entry.objects_found!.map((o) => o.object));
      // An object name is true exactly when it has a box.
      for (const [name, present] of Object.entries(entry.objects))
        if (name !== 'none_observed') expect(names.has(name), name).toBe(present);
      const scores = entry.objects_found!.map((o) => o.confidence);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(missing).toMatchObject({ error: { code: 'IMAGE_FETCH_FAILED' } });
    expect(missing).not.toHaveProperty('objects_found');
    expect(superset).not.toHaveProperty('objects_found');

    // The everyday objects of the dog photo, with boxes in source pixels (768x576).
    const general = detectResponseSchema.parse(
      await (await post({ image_urls: [img('dog.jpg')], include_objects: true })).json(),
    ).detection_results[0];
    if (!general || !('objects' in general)) throw new Error('expected an answered image');
    for (const o of general.objects_found!) {
      const [x, y, w, h] = o.bounding_box;
      expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= 768 && y + h <= 576, JSON.stringify(o)).toBe(
        true,
      );
      expect(o.confidence).toBeGreaterThan(0);
      expect(o.confidence).toBeLessThanOrEqual(1);
    }

    // Off by default: the spec's booleans only.
    const plain = detectResponseSchema.parse(
      await (await post({ image_urls: [img('dog.jpg')], category: 'kitchen' })).json(),
    );
    expect(plain.detection_results[0]).not.toHaveProperty('objects_found');
  });

  it('gives a failing image its own error and combines the rest in superset mode', async () => {
    const urls = [
      img('coffee.jpg'),
      `${env.server().origin}/html`,
      img('missing.jpg'),
      'http://169.254.169.254/latest/meta-data/',
    ];
    const res = await post({ image_urls: urls, mode: 'superset', category: 'kitchen', error_checks: 1 });
    expect(res.status).toBe(200);
    const body = detectResponseSchema.parse(await res.json());
    expect(body.detection_results.map((r) => r.image_url)).toEqual([...urls, 'superset']);
    const [, html, missing, metadata, superset] = body.detection_results;
    expect(html).toMatchObject({ error: { code: 'INVALID_IMAGE' } });
    expect(missing).toMatchObject({ error: { code: 'IMAGE_FETCH_FAILED' } });
    expect(metadata).toMatchObject({ error: { code: 'IMAGE_URL_NOT_ALLOWED' } });
    expect(superset).toMatchObject({ objects: { cup: true, none_observed: false } });
  });

  it('sets none_observed when nothing of the category is present', async () => {
    const body = detectResponseSchema.parse(
      await (await post({ image_urls: [img('horses.jpg')], category: 'bathroom' })).json(),
    );
    expect(body.detection_results[0]).toMatchObject({
      objects: { sink: false, toilet: false, none_observed: true },
    });
  });

  it('infers the category when none is given', async () => {
    const body = detectResponseSchema.parse(
      await (await post({ image_urls: [img('horses.jpg')], error_checks: 0 })).json(),
    );
    expect(body).toMatchObject({ category: 'general', category_inferred: true });
    expect(body.detection_results[0]).toMatchObject({ objects: { person: false, none_observed: true } });
  });

  it('stores every run in detection_results', async () => {
    const body = detectResponseSchema.parse(
      await (await post({ image_urls: [img('astronaut.jpg')], category: 'office', error_checks: 2 })).json(),
    );
    const row = await getDb()
      .selectFrom('detection_results')
      .selectAll()
      .where('id', '=', body.result_id)
      .executeTakeFirstOrThrow();
    // Stored under the calling account.
    expect(row).toMatchObject({
      api_id: 'image-object-detection',
      category: 'office',
      mode: 'per_item',
      user_id: env.account().userId,
    });
    expect(Number(row.error_checks)).toBe(2);
    expect(row.image_urls).toEqual([img('astronaut.jpg')]);
    expect(row.results).toMatchObject({ result_id: body.result_id });
  });

  it('lists the known categories for an unknown one', async () => {
    const res = await post({ image_urls: [img('dog.jpg')], category: 'garage' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toBe(
      'Unknown category "garage". Known categories: bathroom, bedroom, dining_room, kitchen, living_room, office',
    );
  });

  it.each([
    [{ image_urls: [] }, 'image_urls: Please provide at least one image URL'],
    [
      { image_urls: Array.from({ length: 21 }, (_, i) => `https://example.com/${i}.jpg`) },
      'image_urls: Maximum 20 image URLs allowed',
    ],
    [{ image_urls: ['not a url'] }, 'image_urls.0: Must be a valid http or https URL'],
    [
      { image_urls: ['https://example.com/a.jpg'], mode: 'everything' },
      'mode: mode must be per_item or superset',
    ],
    [
      { image_urls: ['https://example.com/a.jpg'], error_checks: 11 },
      'error_checks: error_checks must be an integer from 0 to 10',
    ],
    [
      { image_urls: ['https://example.com/a.jpg'], error_checks: 1.5 },
      'error_checks: error_checks must be an integer from 0 to 10',
    ],
    [{}, 'image_urls: image_urls must be a list of URLs'],
    [
      { image_urls: ['https://example.com/a.jpg'], include_objects: 'yes' },
      'include_objects: include_objects must be true or false',
    ],
  ])('rejects %j', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toBe(message);
  });

  it('rejects malformed JSON and other content types', async () => {
    const bad = await post(null, { raw: '{"image_urls": [' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('INVALID_JSON');
    const text = await post(null, { raw: 'image_urls=x', contentType: 'text/plain' });
    expect(text.status).toBe(415);
  });

  // Limits count per key: each test makes its own keys (accounts), all calls from one address.
  const call = (key: string, body: string) =>
    detect(
      new Request('http://localhost/api/v1/detect', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body,
      }),
      {
        ip: '198.51.100.7',
      },
    );
  const newKey = async () => (await createTestAccount(getDb())).key;

  // The allowance refills continuously; a stopped clock keeps a slow machine from refilling it mid-test.
  const stopClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('limits one key to 100 single calls a minute with 429, Retry-After and RateLimit fields, other keys unaffected', async () => {
    const [key, other] = [await newKey(), await newKey()];
    stopClock();
    // Malformed on purpose: a bad call counts as a single one, before any work is done.
    for (let i = 0; i < 100; i++) expect((await call(key, '{')).status).toBe(400);
    const limited = await call(key, '{');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.headers.get('RateLimit-Policy')).toBe('"single";q=100;w=60');
    expect(limited.headers.get('RateLimit')).toMatch(/^"single";r=0;t=\d+$/);
    expect((await errorOf(limited)).code).toBe('RATE_LIMITED');
    // Another key from the same address has its own budget.
    expect((await call(other, '{')).status).toBe(400);
  });

  it('counts a call with more than one image against the batch limit of 20 a minute', async () => {
    const key = await newKey();
    stopClock();
    // One real photo shows the fields on a 200; the other calls hold only URLs the address policy
    // refuses at once, so they cost no fetch or analysis (whatever status they answer, it is not 429).
    const first = await call(
      key,
      JSON.stringify({ image_urls: [img('dog.jpg'), 'http://10.0.0.1/b.jpg'], error_checks: 0 }),
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('RateLimit-Policy')).toBe('"batch";q=20;w=60');
    expect(first.headers.get('RateLimit')).toMatch(/^"batch";r=19;t=\d+$/);
    const batch = JSON.stringify({
      image_urls: ['http://169.254.169.254/a.jpg', 'http://10.0.0.1/b.jpg'],
      error_checks: 0,
    });
    for (let i = 1; i < 20; i++) expect((await call(key, batch)).status).not.toBe(429);
    const limited = await call(key, batch);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('RateLimit')).toMatch(/^"batch";r=0;t=\d+$/);
    // The single budget is separate.
    const single = await call(
      key,
      JSON.stringify({ image_urls: ['http://169.254.169.254/a.jpg'], error_checks: 0 }),
    );
    expect(single.status).not.toBe(429);
    expect(single.headers.get('RateLimit')).toMatch(/^"single";r=99;t=\d+$/);
  });

  it('fetches all images of a call within one deadline, giving the late ones their own error', async () => {
    vi.stubEnv('VISION_FETCH_BUDGET_MS', '1500');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // A photo, then 19 URLs that never answer: with a 10 s limit per fetch and 4 at a time,
      // 50 s without a deadline.
      const urls = [
        img('dog.jpg'),
        ...Array.from({ length: 19 }, (_, i) => `${env.server().origin}/hang?${i}`),
      ];
      const started = performance.now();
      const res = await post({ image_urls: urls, category: 'kitchen', error_checks: 0 });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      expect(elapsed).toBeLessThan(6_000);
      const body = detectResponseSchema.parse(await res.json());
      expect(body.detection_results).toHaveLength(20);
      const [photo, ...late] = body.detection_results;
      expect(photo).toHaveProperty('objects');
      for (const result of late) expect(result).toMatchObject({ error: { code: 'IMAGE_FETCH_FAILED' } });
    } finally {
      warn.mockRestore();
      vi.stubEnv('VISION_FETCH_BUDGET_MS', undefined);
    }
  });

  it('answers 405 to GET', async () => {
    const res = await detect(new Request('http://localhost/api/v1/detect'));
    expect(res.status).toBe(405);
  });
});
