import { describe, expect, it, vi } from 'vitest';
import { bearer, createTestAccount, useUpFreeTier } from '../support/test-account';
import { hashPasswordSync } from '../../src/server/auth/password';
import { getDb } from '../../src/server/db';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import {
  errorReportOperation,
  predictOperation,
  whyNotRealOperation,
} from '../../src/shared/contracts/photo-authenticity';
import { errorReportListSchema } from '../../src/shared/schemas/photo-authenticity/error-reports';
import authLogin from '../../functions/admin-login';
import errorReport from '../../functions/error-report';
import errorReports from '../../functions/error-reports';
import predict from '../../functions/predict';
import whyNotReal from '../../functions/why-not-real';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv();
const post = (
  fn: typeof predict,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  ip = '198.51.100.40',
) =>
  fn(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip },
  );
const subscriber = () => createTestAccount(getDb(), { apiId: 'photo-authenticity', tier: 'standard' });

describe('POST /api/predict', () => {
  it('answers 401 without a key, and runs on the Free tier without a photo-authenticity subscription', async () => {
    const none = await post(predict, '/api/predict', { image_url: env.img('dog.jpg') });
    expect(none.status).toBe(401);
    const detectOnly = await createTestAccount(getDb());
    await useUpFreeTier(getDb(), detectOnly.userId);
    const refused = await post(
      predict,
      '/api/predict',
      { image_url: env.img('dog.jpg') },
      bearer(detectOnly),
    );
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { tier: 'free' },
    });
  });

  it('analyses an image by URL, meters one request and sends the single-image limit', async () => {
    const account = await subscriber();
    const res = await post(predict, '/api/predict', { image_url: env.img('dog.jpg') }, bearer(account));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"single";q=100;w=60/);
    const body = predictOperation.response.schema.parse(await res.json());
    expect(body).toMatchObject({
      image_url: env.img('dog.jpg'),
      is_real: true,
      fail_tags: [],
      verdict: 'inconclusive',
      usage: { requests: 1, images: 1 },
    });
    expect(body.evidence.watermark.method).toBe('invisible-watermark-dwtdct');
    expect(body.evidence.signals.ela.heatmapPng).toBeUndefined();
    // The pixel signal is reported on every image; below its threshold it decides nothing.
    expect(body.pixel_signal).toMatchObject({ model: 'optiq-pixel-signal', version: expect.any(String) });
    expect(body.pixel_signal.score).toBeLessThan(body.pixel_signal.threshold);
  });

  it('refuses what the documented limits refuse', async () => {
    const account = await subscriber();
    const bad = await post(predict, '/api/predict', { image_url: 'not a url' }, bearer(account));
    expect(bad.status).toBe(400);
    const html = await post(
      predict,
      '/api/predict',
      { image_url: env.img('not-an-image.html') },
      bearer(account),
    );
    expect([404, 422, 502]).toContain(html.status);
  });
});

describe('POST /api/why_not_real', () => {
  it('explains nothing for an image without evidence, in plain words', async () => {
    const account = await subscriber();
    const res = await post(
      whyNotReal,
      '/api/why_not_real',
      { image_url: env.img('coffee.jpg') },
      bearer(account),
    );
    expect(res.status).toBe(200);
    const body = whyNotRealOperation.response.schema.parse(await res.json());
    expect(body).toMatchObject({ is_real: true, explanations: [], verdict: 'inconclusive' });
    expect(body.summary).toMatch(/prove nothing/);
    expect(body.summary).toContain(
      `pixel signal scores ${body.pixel_signal.score}, below the ${body.pixel_signal.threshold}`,
    );
  });
});

describe('POST /api/error and the admin list', () => {
  it('stores a report (201) and lists it for the admin only', async () => {
    const account = await subscriber();
    const res = await post(
      errorReport,
      '/api/error',
      { image_url: env.img('dog.jpg'), comment: 'This is our own photo.' },
      bearer(account),
    );
    expect(res.status).toBe(201);
    const body = errorReportOperation.response.schema.parse(await res.json());
    expect(body).toMatchObject({ status: 'received', usage: { requests: 0, images: 0 } });
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"errors";q=50;w=60/);

    expect((await errorReports(new Request('http://localhost/api/error-reports'))).status).toBe(401);
    vi.stubEnv('ADMIN_USERNAME', 'admin');
    vi.stubEnv('ADMIN_PASSWORD_HASH', hashPasswordSync('correct horse battery staple'));
    vi.stubEnv('SESSION_SECRET', 'authenticity-test-secret-'.padEnd(48, 'x'));
    const login = await authLogin(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ username: 'admin', password: 'correct horse battery staple' }),
      }),
      { ip: '198.51.100.41' },
    );
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = errorReportListSchema.parse(
      await (
        await errorReports(new Request('http://localhost/api/error-reports', { headers: { cookie } }))
      ).json(),
    );
    expect(list.items[0]).toMatchObject({
      id: body.report_id,
      imageUrl: env.img('dog.jpg'),
      comment: 'This is our own photo.',
      account: `${account.username}@example.test`,
    });
  });

  it('validates the report body', async () => {
    const account = await subscriber();
    const res = await post(
      errorReport,
      '/api/error',
      { image_url: env.img('dog.jpg'), job_id: 'not-a-uuid' },
      bearer(account),
    );
    expect(res.status).toBe(400);
  });
});
