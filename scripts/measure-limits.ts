/**
 * Measures the abuse limits of a running server (`npm start`): spoofed client addresses
 * against the login limit, a detect burst against the documented single limit, an endless
 * redirect body, and a batch of images that never answer against the per-request deadline.
 *
 *   VISION_ALLOW_PRIVATE_URLS=1 ADMIN_USERNAME=... ADMIN_PASSWORD_HASH=... SESSION_SECRET=... npm start
 *   BASE_URL=http://127.0.0.1:4321 npx tsx scripts/measure-limits.ts
 *
 * The image cases fetch from a loopback test server this script starts, so the server under
 * test needs the local-test opt-in VISION_ALLOW_PRIVATE_URLS=1.
 */
import { startTestImageServer } from '../tests/support/test-image-server';
import { signUpForKey } from './lib/api-key-client';

const base = process.env['BASE_URL'] ?? 'http://127.0.0.1:4321';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const images = await startTestImageServer();
// /api/v1 needs a key: a premium account signed up on the server under test.
const auth = { Authorization: `Bearer ${await signUpForKey(base)}` };
try {
  // 1. Login guesses, each claiming another client.
  const statuses = new Map<number, number>();
  for (let i = 0; i < 60; i++) {
    const spoof = { 'X-Forwarded-For': `203.0.113.${i + 1}`, 'x-nf-client-connection-ip': `198.51.100.${i + 1}` };
    const res = await post('/api/auth/login', { username: 'admin', password: `guess-${i}` }, spoof);
    await res.body?.cancel();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  const passed = [...statuses].filter(([s]) => s !== 429).reduce((n, [, c]) => n + c, 0);
  console.log(`login guesses with rotating X-Forwarded-For: ${passed}/60 reached the password check (statuses ${JSON.stringify(Object.fromEntries(statuses))})`);

  // 2. A burst of single detect calls with one key (malformed, so no image work): the documented 100/min.
  let allowed = 0;
  let last: Response | undefined;
  for (let i = 0; i < 130; i++) {
    last = await fetch(`${base}/api/v1/detect`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: '{' });
    if (last.status !== 429) allowed++;
    await last.body?.cancel();
  }
  console.log(`detect burst: ${allowed}/130 allowed; last answer ${last?.status} RateLimit-Policy: ${last?.headers.get('ratelimit-policy')} RateLimit: ${last?.headers.get('ratelimit')} Retry-After: ${last?.headers.get('retry-after')}`);
  await sleep(1_000);

  // 3. A redirect whose body never ends: bytes the server pulls in the 10 s after answering.
  const demo = await post('/api/demo/object-detection', { image_url: `${images.origin}/redirect-endless`, objects_to_find: 'dog' });
  await demo.body?.cancel();
  const atAnswer = images.bytesSent.get('/redirect-endless') ?? 0;
  await sleep(10_000);
  const after = images.bytesSent.get('/redirect-endless') ?? 0;
  console.log(`302 with an endless body: answered ${demo.status}; ${(atAnswer / 1e6).toFixed(1)} MB sent by the answer, ${((after - atAnswer) / 1e6).toFixed(1)} MB in the 10 s after`);

  // 4. 20 image URLs that never answer, in one detect call.
  const started = performance.now();
  const urls = Array.from({ length: 20 }, (_, i) => `${images.origin}/hang?${i}`);
  const batch = await post('/api/v1/detect', { image_urls: urls, error_checks: 0 }, auth);
  type Item = { error?: { code: string } };
  // A 200 lists the results; an answer with no image analysed lists them in the error details.
  const body = (await batch.json()) as { detection_results?: Item[]; error?: { details?: { results?: Item[] } } };
  const results = body.detection_results ?? body.error?.details?.results ?? [];
  const errors = results.filter((r) => r.error?.code === 'IMAGE_FETCH_FAILED').length;
  console.log(`20 images that never answer: ${batch.status} after ${((performance.now() - started) / 1000).toFixed(1)} s, ${errors} per-image errors`);
} finally {
  await images.close();
}
