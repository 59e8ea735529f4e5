/**
 * The detect and demo functions under load: a full analysis queue and an exhausted image budget
 * answer 503 with Retry-After instead of queueing without bound or buffering without bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import detect from '../../functions/detect';
import demo from '../../functions/demo-object-detection';
import { errorBodySchema } from '../../src/server/http/errors';
import { closeEngine, engineStats } from '../../src/server/vision/engine';
import { imageBudget, resetImageBudget } from '../../src/server/vision/engine/image-budget';
import { FIXTURE_DIR } from '../support/test-image-server';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv();
let ip = 0;
const postDetect = (body: unknown) =>
  detect(
    new Request('http://localhost/api/v1/detect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++ip}`, ...env.auth() },
      body: JSON.stringify(body),
    }),
  );
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
};

// Each test starts its engine with the settings it stubs: not one an earlier file in this
// worker process left running (integration files share their worker, see vitest.config.ts).
beforeAll(() => closeEngine());
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
  resetImageBudget();
  await closeEngine();
});
afterAll(() => closeEngine());

describe('vision functions under load', () => {
  it('detect answers 503 with Retry-After when the analysis queue is full', async () => {
    vi.stubEnv('VISION_WORKERS', '1');
    vi.stubEnv('VISION_QUEUE_MAX', '0');
    const busy = postDetect({ image_urls: [env.img('horses.jpg')], error_checks: 10 });
    await until(() => engineStats().busy === 1);
    const res = await postDetect({
      image_urls: [env.img('dog.jpg'), env.img('coffee.jpg')],
      error_checks: 0,
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await busy).status).toBe(200);
  }, 90_000);

  it('bounds image bytes in flight: endless bodies wait for budget, then get 503', async () => {
    // Room for two worst-case images (10 MB body + decoding room each), a short wait.
    vi.stubEnv('VISION_IMAGE_BUDGET_MB', '40');
    vi.stubEnv('VISION_IMAGE_BUDGET_WAIT_MS', '1500');
    const server = env.server();
    const slowHits = () => server.hits.filter((h) => h === '/slow').length;
    const before = slowHits();
    const calls = [1, 2, 3].map(() =>
      postDetect({
        image_urls: Array.from({ length: 4 }, (_, i) => `${server.origin}/slow?n=${i}`),
        error_checks: 0,
      }),
    );
    await new Promise((r) => setTimeout(r, 700));
    // Twelve endless downloads asked for, two running: the rest never opened a connection.
    expect(server.hits.filter((h) => h.startsWith('/slow')).length - before).toBe(2);
    expect(imageBudget().waiting).toBe(10);
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('1');
    }
  });

  it('an upload waits for its share of the budget too', async () => {
    vi.stubEnv('VISION_IMAGE_BUDGET_MB', '20');
    vi.stubEnv('VISION_IMAGE_BUDGET_WAIT_MS', '300');
    const held = await imageBudget().acquire(20 * 1024 * 1024);
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync(join(FIXTURE_DIR, 'horses.jpg'))], { type: 'image/jpeg' }),
      'horses.jpg',
    );
    form.set('objects_to_find', 'horse');
    const refused = await demo(
      new Request('http://localhost/api/demo/object-detection', { method: 'POST', body: form }),
    );
    expect(refused.status).toBe(503);
    held.release();
    const ok = await demo(
      new Request('http://localhost/api/demo/object-detection', { method: 'POST', body: form }),
    );
    expect(ok.status).toBe(200);
    expect(imageBudget().inUse).toBe(0);
  }, 90_000);
});
