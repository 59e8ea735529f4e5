import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { safeFetchImage, type Resolver } from './safe-fetch';
import { startTestImageServer, type TestImageServer } from './test-image-server';

let server: TestImageServer;
beforeAll(async () => {
  server = await startTestImageServer();
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A resolver answering from a fixed table, so no test depends on real DNS. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('safeFetchImage refuses internal targets', () => {
  it.each([
    ['http://127.0.0.1/x.jpg', 'loopback'],
    ['http://10.0.0.1/x.jpg', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[::1]/x.jpg', 'loopback'],
    ['http://[::ffff:127.0.0.1]/x.jpg', 'loopback'],
    ['http://[fd00::1]/x.jpg', 'unique-local'],
    ['http://2130706433/x.jpg', 'loopback'], // decimal form of 127.0.0.1
    ['http://0x7f.0.0.1/x.jpg', 'loopback'],
    ['http://0.0.0.0/x.jpg', 'unspecified'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://localhost/x.jpg', 'local machine'],
  ])('%s', async (url, reason) => {
    const error = await refusal(safeFetchImage(url));
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(error.message).toContain(reason);
  });

  it('refuses other schemes and credentials', async () => {
    expect((await refusal(safeFetchImage('file:///etc/passwd'))).message).toContain('only http and https');
    expect((await refusal(safeFetchImage('ftp://example.com/a.jpg'))).message).toContain('only http and https');
    expect((await refusal(safeFetchImage('http://user:pw@example.com/a.jpg'))).message).toContain('credentials');
  });

  it('refuses a host name whose DNS answer is private, even if mixed with a public one', async () => {
    const resolver = fakeDns({ 'evil.test': ['93.184.215.14', '10.1.2.3'] });
    const error = await refusal(safeFetchImage('http://evil.test/a.jpg', { resolver }));
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(error.message).toContain('10.1.2.3 is a private address');
  });

  it('refuses loopback without the opt-in and never connects', async () => {
    const before = server.hits.length;
    const error = await refusal(safeFetchImage(`${server.origin}/images/dog.jpg`));
    expect(error.message).toContain('loopback');
    expect(server.hits.length).toBe(before);
  });
});

describe('safeFetchImage with the loopback opt-in (local tests only)', () => {
  const opts = { allowLoopback: true };

  it('downloads an image', async () => {
    const { bytes, finalUrl } = await safeFetchImage(`${server.origin}/images/dog.jpg`, opts);
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    expect(finalUrl).toBe(`${server.origin}/images/dog.jpg`);
  });

  it('connects to the vetted address, not a fresh DNS answer', async () => {
    // images.test exists only in the injected resolver: reaching the server proves the pinned
    // lookup was used for the connection.
    const resolver = fakeDns({ 'images.test': ['127.0.0.1'] });
    const { bytes } = await safeFetchImage(`http://images.test:${server.port}/images/coffee.jpg`, { ...opts, resolver });
    expect(bytes[0]).toBe(0xff);
  });

  it('re-checks every redirect hop: a redirect into the metadata service is refused unvisited', async () => {
    const target = 'http://169.254.169.254/latest/meta-data/iam/';
    const error = await refusal(safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent(target)}`, opts));
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(error.message).toContain('redirected to http://169.254.169.254/');
    expect(error.message).toContain('link-local');
  });

  it('re-checks redirect hops that go through DNS', async () => {
    const resolver = fakeDns({ 'internal.test': ['192.168.0.10'] });
    const error = await refusal(
      safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent('http://internal.test/a.jpg')}`, { ...opts, resolver }),
    );
    expect(error.message).toContain('192.168.0.10 is a private address');
  });

  it('refuses redirects to other schemes', async () => {
    const error = await refusal(safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, opts));
    expect(error.message).toContain('only http and https');
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    await expect(safeFetchImage(`${server.origin}/redirect-n/3`, opts)).resolves.toMatchObject({ finalUrl: `${server.origin}/images/dog.jpg` });
    const error = await refusal(safeFetchImage(`${server.origin}/redirect-n/4`, opts));
    expect(error.message).toContain('more than 3 redirects');
  });

  it('caps the body at 10 MB, declared or streamed', async () => {
    expect((await refusal(safeFetchImage(`${server.origin}/huge-declared`, opts))).message).toContain('10 MB');
    expect((await refusal(safeFetchImage(`${server.origin}/huge`, opts))).message).toContain('10 MB');
  });

  it('gives up after the time limit', async () => {
    const error = await refusal(safeFetchImage(`${server.origin}/slow`, { ...opts, timeoutMs: 300 }));
    expect(error.code).toBe('IMAGE_FETCH_FAILED');
    expect(error.message).toContain('within');
  });

  it('reports HTTP errors and unresolvable hosts', async () => {
    expect((await refusal(safeFetchImage(`${server.origin}/status/404`, opts))).message).toContain('HTTP 404');
    const error = await refusal(safeFetchImage('http://nowhere.test/a.jpg', { resolver: fakeDns({}) }));
    expect(error.message).toContain('could not be resolved');
  });
});
