import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import demo, { WATERMARK_DEMO_LIMIT } from '../../functions/demo-watermark-detection';
import { watermarkResponseSchema } from '../../src/shared/schemas/watermark';
import { useVisionEnv } from '../support/vision-env';

useVisionEnv({ seeded: false });

const URL_ = 'http://localhost/api/demo/watermark-detection';
const SAMPLE = 'http://localhost/images/samples/coffee-cup-watermarked.jpg';
const postJson = (body: unknown, ip = '198.51.100.21') =>
  demo(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('POST /api/demo/watermark-detection', () => {
  it("finds the site sample's overlays with the documented fields (the sample read from disk, not fetched)", async () => {
    const res = await postJson({ image_url: SAMPLE });
    expect(res.status).toBe(200);
    const body = watermarkResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      image_url: SAMPLE,
      watermarks_detected: true,
      detection_parameters: { type: 'all', sensitivity: 'medium', include_invisible: true },
      detection_settings: { sensitivity_factor: 1 },
      invisible_watermarks: { checked: true, detected: false, count: 0 },
      rights_metadata: { checked: true },
    });
    expect(body.visible_watermarks.count).toBeGreaterThanOrEqual(2);
    expect(body.total_watermarks).toBe(
      body.visible_watermarks.count + body.invisible_watermarks.count + body.brand_logos.count,
    );
    expect(body.request_id).toBe(res.headers.get('X-Request-Id'));
  }, 60_000);

  it('does only the work asked for: brand_logos reads no invisible marks and no metadata', async () => {
    const body = watermarkResponseSchema.parse(
      await (
        await postJson({ image_url: SAMPLE, detect_type: 'brand_logos', sensitivity: 'low' }, '198.51.100.22')
      ).json(),
    );
    expect(body.visible_watermarks).toMatchObject({ checked: false, count: 0 });
    expect(body.invisible_watermarks.checked).toBe(false);
    expect(body.rights_metadata.checked).toBe(false);
    expect(body.detection_settings.sensitivity_factor).toBe(0.6);
  }, 60_000);

  it('accepts an upload (multipart) with the options as text fields', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync('public/images/samples/coffee-cup.jpg')], { type: 'image/jpeg' }),
      'coffee.jpg',
    );
    form.set('detect_type', 'visible');
    form.set('include_invisible', 'false');
    const res = await demo(new Request(URL_, { method: 'POST', body: form }), { ip: '198.51.100.23' });
    expect(res.status).toBe(200);
    const body = watermarkResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      image_url: null,
      watermarks_detected: false,
      total_watermarks: 0,
      detection_parameters: { type: 'visible', include_invisible: false },
    });
  }, 60_000);

  it.each([
    [{}, 'Please enter an image URL or upload an image'],
    [{ image_url: SAMPLE, detect_type: 'logos' }, 'detect_type'],
    [{ image_url: SAMPLE, sensitivity: 'max' }, 'sensitivity'],
  ])('rejects %j', async (body, message) => {
    const res = await postJson(body, '198.51.100.24');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
  });

  it('refuses a non-image upload with 422', async () => {
    const form = new FormData();
    form.set('file', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
    const res = await demo(new Request(URL_, { method: 'POST', body: form }), { ip: '198.51.100.25' });
    expect(res.status).toBe(422);
  });

  it(`limits each client to ${WATERMARK_DEMO_LIMIT.limit} calls a minute`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= WATERMARK_DEMO_LIMIT.limit; i++)
      statuses.push((await postJson({}, '198.51.100.99')).status);
    expect(statuses.slice(0, WATERMARK_DEMO_LIMIT.limit).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
