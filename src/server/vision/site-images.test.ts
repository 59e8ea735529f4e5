import { describe, expect, it } from 'vitest';
import { readSiteSample, siteOrigins, siteSampleName } from './site-images';

describe('siteOrigins', () => {
  it('holds the request origin, the Host header origin and the configured site URLs', () => {
    const req = new Request('http://127.0.0.1:4321/api/v1/detect', { headers: { Host: 'localhost:4321' } });
    const origins = siteOrigins(req, {
      URL: 'https://optiq.example',
      DEPLOY_PRIME_URL: 'https://main--optiq.example',
    });
    expect([...origins].sort()).toEqual([
      'http://127.0.0.1:4321',
      'http://localhost:4321',
      'https://main--optiq.example',
      'https://optiq.example',
    ]);
  });

  it('ignores a Host header that is not a host', () => {
    const req = new Request('http://127.0.0.1:4321/x', { headers: { Host: 'evil.example/path@x' } });
    expect([...siteOrigins(req, {})]).toEqual(['http://127.0.0.1:4321']);
  });
});

describe('siteSampleName', () => {
  const origins = new Set(['https://optiq.example']);
  it.each([
    ['https://optiq.example/images/samples/coffee-cup.jpg', 'coffee-cup.jpg'],
    ['https://optiq.example/images/samples/od-kitchen.webp?v=1', 'od-kitchen.webp'],
    ['https://other.example/images/samples/coffee-cup.jpg', undefined],
    ['http://optiq.example/images/samples/coffee-cup.jpg', undefined],
    ['https://optiq.example/images/samples/../secret.jpg', undefined],
    ['https://optiq.example/images/samples/%2e%2e/secret.jpg', undefined],
    ['https://optiq.example/images/samples/a/b.jpg', undefined],
    ['https://optiq.example/images/samples/SOURCES.txt', undefined],
    ['https://optiq.example/images/samples/', undefined],
    ['not a url', undefined],
  ])('%s -> %s', (url, name) => {
    expect(siteSampleName(url, origins)).toBe(name);
  });
});

describe('readSiteSample', () => {
  it('reads a shipped sample', async () => {
    const bytes = await readSiteSample('coffee-cup.jpg', 'x');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
  it('answers a missing one with a per-image fetch error', async () => {
    await expect(
      readSiteSample('missing.jpg', 'https://optiq.example/images/samples/missing.jpg'),
    ).rejects.toMatchObject({ code: 'IMAGE_FETCH_FAILED', status: 422 });
  });
});
