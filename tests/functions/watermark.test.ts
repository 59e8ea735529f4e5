import { describe, expect, it } from 'vitest';
import watermark from '../../functions/watermark';
import { bearer, createTestAccount, useUpFreeTier } from '../support/test-account';
import { getDb } from '../../src/server/db';
import { watermarkOperation } from '../../src/shared/contracts/watermark';
import { useVisionEnv } from '../support/vision-env';

useVisionEnv({ seeded: true });

const URL_ = 'http://localhost/api/v1/watermark';
const SAMPLE = 'http://localhost/images/samples/coffee-cup-watermarked.jpg';
const post = (body: unknown, headers: Record<string, string> = {}) =>
  watermark(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip: '198.51.100.31' },
  );

describe('POST /api/v1/watermark', () => {
  it('needs an API key', async () => {
    const res = await post({ image_url: SAMPLE });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
  });

  it('runs a key whose account is not subscribed to watermark detection on the Free tier', async () => {
    const other = await createTestAccount(getDb(), { apiId: 'image-object-detection' });
    await useUpFreeTier(getDb(), other.userId);
    const res = await post({ image_url: SAMPLE }, bearer(other));
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { details: unknown } }).error.details).toMatchObject({
      tier: 'free',
    });
  });

  it('analyses the image for a subscribed key, answers the contract and counts one request', async () => {
    const account = await createTestAccount(getDb(), { apiId: 'watermark-detection', tier: 'standard' });
    const res = await post(
      { image_url: SAMPLE, detect_type: 'all', sensitivity: 'high', include_invisible: true },
      bearer(account),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = watermarkOperation.response.schema.parse(JSON.parse(text));
    expect(body.watermarks_detected).toBe(true);
    expect(body.visible_watermarks.items.map((w) => w.text.toLowerCase()).join(' ')).toContain(
      'stock.example',
    );
    expect(body.detection_parameters).toEqual({ type: 'all', sensitivity: 'high', include_invisible: true });
    expect(body.detection_settings.sensitivity_factor).toBe(1.4);
    expect(body.usage.requests).toBe(1);
  }, 60_000);
});
