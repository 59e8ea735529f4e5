/**
 * The site's own sample images are analysed from the bundle, without the loopback opt-in that
 * the other vision tests use, while every other loopback URL stays refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAccount, type TestAccount } from '../support/test-account';
import { seed, setDb } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import { demoResponseSchema, detectResponseSchema } from '../../src/shared/schemas/detect';
import demo from '../../functions/demo-object-detection';
import detect from '../../functions/detect';

let close: (() => Promise<void>) | undefined;
let account: TestAccount;
beforeAll(async () => {
  vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '');
  const t = await createTestDb();
  await seed(t.db);
  account = await createTestAccount(t.db);
  setDb(t.db);
  close = t.close;
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await close?.();
});

const ORIGIN = 'http://127.0.0.1:4321';
let client = 0;
const post = (
  fn: (req: Request, runtime?: { ip?: string }) => Promise<Response>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fn(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.key}`, ...headers },
      body: JSON.stringify(body),
    }),
    // Each call its own client address, passed as the runtime passes it.
    { ip: `192.0.2.${++client}` },
  );

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; details: unknown } }).error;
}

describe('site sample images', () => {
  it('the demo analyses a sample URL on the site origin', async () => {
    const res = await post(demo, '/api/demo/object-detection', {
      image_url: `${ORIGIN}/images/samples/coffee-cup.jpg`,
      objects_to_find: 'cup, dining_table',
    });
    expect(res.status).toBe(200);
    const body = demoResponseSchema.parse(await res.json());
    expect(body.image_width).toBe(600);
    expect(body.objects_found.map((o) => o.object)).toContain('cup');
  });

  it('detect accepts a sample on the origin the Host header names (localhost for 127.0.0.1)', async () => {
    const res = await post(
      detect,
      '/api/v1/detect',
      {
        image_urls: ['http://localhost:4321/images/samples/coffee-cup.jpg'],
        category: 'kitchen',
        error_checks: 0,
      },
      { Host: 'localhost:4321' },
    );
    expect(res.status).toBe(200);
    const body = detectResponseSchema.parse(await res.json());
    expect(body.detection_results[0]).toMatchObject({ objects: { cup: true } });
  });

  it('a missing sample is a per-image error, and a lone failure is not a success', async () => {
    const res = await post(detect, '/api/v1/detect', {
      image_urls: [`${ORIGIN}/images/samples/nope.jpg`],
      mode: 'superset',
    });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('NO_IMAGE_ANALYSED');
    expect(error.message).toMatch(/no such sample image/);
    expect(error.details).toMatchObject({
      results: [{ image_url: `${ORIGIN}/images/samples/nope.jpg`, error: { code: 'IMAGE_FETCH_FAILED' } }],
    });
  });

  it.each([
    `${ORIGIN}/images/samples/../../package.json`,
    `${ORIGIN}/images/samples/%2e%2e%2fpackage.json`,
    `${ORIGIN}/images/samples/sub/x.jpg`,
    `${ORIGIN}/images/other.jpg`,
    `${ORIGIN}/api/apis`,
    'http://127.0.0.2:4321/images/samples/coffee-cup.jpg',
    'http://10.0.0.1/images/samples/coffee-cup.jpg',
  ])('anything else on a private address stays refused by the SSRF rules: %s', async (url) => {
    const res = await post(detect, '/api/v1/detect', { image_urls: [url] });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('NO_IMAGE_ANALYSED');
    expect(error.details).toMatchObject({ results: [{ error: { code: 'IMAGE_URL_NOT_ALLOWED' } }] });
  });
});
