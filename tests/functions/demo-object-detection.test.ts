import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_DIR } from '../support/test-image-server';
import { runDemo } from '../../src/server/vision/detection-service';
import { OD_SAMPLES } from '../../src/islands/object-detection/object-detection';
import { parseObjectsList } from '../../src/shared/schemas/detect';
import { demoResponseSchema } from '../../src/shared/schemas/detect';
import demo from '../../functions/demo-object-detection';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv({ seeded: false });

const URL_ = 'http://localhost/api/demo/object-detection';
const postJson = (body: unknown, ip = '198.51.100.7') =>
  demo(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('POST /api/demo/object-detection', () => {
  it('finds the requested objects with boxes in source pixels', async () => {
    const res = await postJson({
      image_url: `${env.server().origin}/images/dog.jpg`,
      objects_to_find: 'Dog, bicycle, sofa, fireplace',
      room_category: 'auto',
    });
    expect(res.status).toBe(200);
    const body = demoResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      image_width: 768,
      image_height: 576,
      room_category_inferred: true,
      objects_not_found: ['sofa'],
      undetectable_objects: ['fireplace'],
      analysis_method: 'CenterNet MobileNetV3 (COCO, 80 classes) on TensorFlow.js WASM',
    });
    expect(body.objects_found.map((o) => o.object).sort()).toEqual(['bicycle', 'dog']);
    expect(body.total_objects_detected).toBe(2);
    const dog = body.objects_found.find((o) => o.object === 'dog')!;
    expect(dog.confidence).toBeGreaterThan(0.3);
    expect(dog.confidence).toBeLessThanOrEqual(1);
    const [x, y, w, h] = dog.bounding_box;
    expect(x + w / 2).toBeLessThan(768 / 2);
    expect(y + h / 2).toBeGreaterThan(576 / 2);
    expect(body.processing_time).toBeGreaterThan(0);
  });

  it('infers general for a photo that is not of a room', async () => {
    // (dog.jpg above, a dog and a bicycle on a porch, is a known miss of the room head: it reads as
    // a bedroom; listed on the classification accuracy card. horses.jpg is another held-out photo.)
    const res = await postJson({
      image_url: `${env.server().origin}/images/horses.jpg`,
      objects_to_find: 'horse',
      room_category: 'auto',
    });
    expect(demoResponseSchema.parse(await res.json())).toMatchObject({
      room_category: 'general',
      room_category_inferred: true,
    });
  });

  it('lists everything it can see for objects_to_find "*"', async () => {
    const res = await postJson(
      { image_url: `${env.server().origin}/images/horses.jpg`, objects_to_find: '*' },
      '198.51.100.8',
    );
    expect(res.status).toBe(200);
    const body = demoResponseSchema.parse(await res.json());
    expect(body.objects_found.length).toBeGreaterThanOrEqual(2);
    expect(body.objects_found.filter((o) => o.object === 'horse').length).toBeGreaterThanOrEqual(2);
    for (const o of body.objects_found) expect(o.object).toBe(o.label.replace(/ /g, '_'));
    expect(body).toMatchObject({ objects_not_found: [], undetectable_objects: [] });
    expect(body.total_objects_detected).toBe(body.objects_found.length);
  });

  it.each(OD_SAMPLES.map((s) => [s.label, s] as const))(
    'the %s sample finds every object of its default list',
    async (_, sample) => {
      const bytes = new Uint8Array(readFileSync(join(process.cwd(), 'public', sample.src)));
      const body = await runDemo({ image: { bytes }, objects: parseObjectsList(sample.objects) });
      expect(body.objects_not_found).toEqual([]);
      expect(body.undetectable_objects).toEqual([]);
      expect(new Set(body.objects_found.map((o) => o.object))).toEqual(
        new Set(parseObjectsList(sample.objects)),
      );
    },
  );

  it('keeps an explicit room category', async () => {
    const body = demoResponseSchema.parse(
      await (
        await postJson({
          image_url: `${env.server().origin}/images/coffee.jpg`,
          objects_to_find: 'cup',
          room_category: 'kitchen',
        })
      ).json(),
    );
    expect(body).toMatchObject({
      room_category: 'kitchen',
      room_category_inferred: false,
      total_objects_detected: 1,
    });
  });

  it('accepts an uploaded file (multipart)', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync(join(FIXTURE_DIR, 'horses.jpg'))], { type: 'image/jpeg' }),
      'horses.jpg',
    );
    form.set('objects_to_find', 'horse');
    form.set('room_category', 'auto');
    const res = await demo(new Request(URL_, { method: 'POST', body: form }));
    expect(res.status).toBe(200);
    const body = demoResponseSchema.parse(await res.json());
    expect(body.total_objects_detected).toBeGreaterThanOrEqual(2);
    expect(body.image_width).toBe(773);
  });

  it('refuses a non-image upload with a clear message', async () => {
    const form = new FormData();
    form.set('file', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
    form.set('objects_to_find', 'dog');
    const res = await demo(new Request(URL_, { method: 'POST', body: form }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'only JPEG, PNG and WebP',
    );
  });

  it.each([
    [{ image_url: '', objects_to_find: 'dog' }, 'Please enter an image URL'],
    [{ objects_to_find: 'dog' }, 'Please enter an image URL'],
    [{ image_url: 'https://example.com/a.jpg', objects_to_find: ' , ,' }, 'Please specify objects to find'],
    [
      { image_url: 'https://example.com/a.jpg', objects_to_find: 'dog', room_category: 'garage' },
      'room_category: Unknown room category',
    ],
  ])('rejects %j', async (body, message) => {
    const res = await postJson(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
  });

  it('reports an unreachable private URL in the error body', async () => {
    const res = await postJson({ image_url: 'http://10.0.0.1/room.jpg', objects_to_find: 'dog' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(body.error.message).toContain('10.0.0.1 is a private address');
  });

  it('rate-limits one client at 30 a minute', async () => {
    const ip = '198.51.100.99';
    const statuses: number[] = [];
    // The allowance refills continuously (one every 2 s): a stopped clock keeps a slow run exact.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let i = 0; i < 31; i++) statuses.push((await postJson({ objects_to_find: 'dog' }, ip)).status);
    } finally {
      vi.useRealTimers();
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
