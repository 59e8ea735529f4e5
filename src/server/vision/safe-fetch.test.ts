import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import { allowedPortsFromEnv, safeFetchImage, type Resolver } from './safe-fetch';
import { startTestImageServer, type TestImageServer } from '../../../tests/support/test-image-server';

let server: TestImageServer;
beforeAll(async () => {
  server = await startTestImageServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

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
    expect((await refusal(safeFetchImage('ftp://example.com/a.jpg'))).message).toContain(
      'only http and https',
    );
    expect((await refusal(safeFetchImage('http://user:pw@example.com/a.jpg'))).message).toContain(
      'credentials',
    );
  });

  it('refuses a host name whose DNS answer is private, even if mixed with a public one', async () => {
    const resolver = fakeDns({ 'evil.test': ['93.184.215.14', '10.1.2.3'] });
    const error = await refusal(safeFetchImage('http://evil.test/a.jpg', { resolver }));
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    // The refusal names the URL, never what its name resolved to: that would map internal names.
    expect(error.message).toBe(
      'Image URL http://evil.test/a.jpg is not allowed: its host does not resolve to a public internet address',
    );
    expect(error.message).not.toContain('10.1.2.3');
  });

  it('says nothing of the address an internal name resolves to, whichever range it is in', async () => {
    const resolver = fakeDns({
      'db.corp.test': ['127.0.0.1'],
      'meta.corp.test': ['169.254.169.254'],
      'v6.corp.test': ['fd00::5'],
    });
    for (const host of ['db.corp.test', 'meta.corp.test', 'v6.corp.test']) {
      const error = await refusal(safeFetchImage(`http://${host}/a.jpg`, { resolver }));
      expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
      expect(error.message).not.toMatch(/127\.0\.0\.1|169\.254|fd00|loopback|link-local|unique-local/);
    }
  });

  it('still says why a literal address is refused (the caller wrote it)', async () => {
    expect((await refusal(safeFetchImage('http://10.1.2.3/a.jpg'))).message).toContain(
      '10.1.2.3 is a private address',
    );
  });

  it.each([
    ['http://93.184.215.14:22/a.jpg', 'port 22'],
    ['https://93.184.215.14:6379/a.jpg', 'port 6379'],
    ['http://[2001:4860:4860::8888]:8080/a.jpg', 'port 8080'],
    ['http://[64:ff9b:1::a00:1]/a.jpg', 'local-use NAT64'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.jpg', 'Teredo'],
  ])('refuses %s (%s) before connecting', async (url, reason) => {
    const error = await refusal(safeFetchImage(url));
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(error.message).toContain(reason);
  });

  it('refuses a host name on another port without looking it up', async () => {
    const lookups: string[] = [];
    const resolver: Resolver = async (host) => {
      lookups.push(host);
      return [{ address: '93.184.215.14', family: 4 }];
    };
    const error = await refusal(safeFetchImage('http://images.test:25/a.jpg', { resolver }));
    expect(error.message).toContain('port 25 is not allowed');
    expect(lookups).toEqual([]);
  });

  it('takes allowed ports from VISION_ALLOWED_PORTS', () => {
    expect(allowedPortsFromEnv({})).toEqual([80, 443]);
    expect(allowedPortsFromEnv({ VISION_ALLOWED_PORTS: '8080, 443' })).toEqual([8080, 443]);
    expect(allowedPortsFromEnv({ VISION_ALLOWED_PORTS: 'junk' })).toEqual([80, 443]);
  });

  it('refuses loopback without the opt-in and never connects', async () => {
    const before = server.hits.length;
    const error = await refusal(safeFetchImage(`${server.origin}/images/dog.jpg`, { allowedPorts: 'any' }));
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
    const { bytes } = await safeFetchImage(`http://images.test:${server.port}/images/coffee.jpg`, {
      ...opts,
      resolver,
    });
    expect(bytes[0]).toBe(0xff);
  });

  it('re-checks every redirect hop: a redirect into the metadata service is refused unvisited', async () => {
    const target = 'http://169.254.169.254/latest/meta-data/iam/';
    const error = await refusal(
      safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent(target)}`, opts),
    );
    expect(error.code).toBe('IMAGE_URL_NOT_ALLOWED');
    expect(error.message).toContain('redirected to http://169.254.169.254/');
    expect(error.message).toContain('link-local');
  });

  it('re-checks redirect hops that go through DNS', async () => {
    const resolver = fakeDns({ 'internal.test': ['192.168.0.10'] });
    const error = await refusal(
      safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent('http://internal.test/a.jpg')}`, {
        ...opts,
        resolver,
      }),
    );
    expect(error.message).toContain('redirected to http://internal.test/a.jpg');
    expect(error.message).toContain('does not resolve to a public internet address');
    expect(error.message).not.toContain('192.168.0.10');
  });

  it('refuses redirects to other schemes', async () => {
    const error = await refusal(
      safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, opts),
    );
    expect(error.message).toContain('only http and https');
  });

  it('re-checks the port of every redirect hop', async () => {
    const before = server.hits.length;
    const target = `http://127.0.0.1:${server.port + 1}/a.jpg`;
    const error = await refusal(
      safeFetchImage(`${server.origin}/redirect?to=${encodeURIComponent(target)}`, {
        ...opts,
        allowedPorts: [server.port],
      }),
    );
    expect(error.message).toContain(`redirected to ${target}`);
    expect(error.message).toContain(`port ${server.port + 1} is not allowed`);
    expect(server.hits.length).toBe(before + 1);
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    await expect(safeFetchImage(`${server.origin}/redirect-n/3`, opts)).resolves.toMatchObject({
      finalUrl: `${server.origin}/images/dog.jpg`,
    });
    const error = await refusal(safeFetchImage(`${server.origin}/redirect-n/4`, opts));
    expect(error.message).toContain('more than 3 redirects');
  });

  it('caps the body at 10 MB, declared or streamed', async () => {
    expect((await refusal(safeFetchImage(`${server.origin}/huge-declared`, opts))).message).toContain(
      '10 MB',
    );
    expect((await refusal(safeFetchImage(`${server.origin}/huge`, opts))).message).toContain('10 MB');
  });

  it('answers alike for a failed lookup, a refused connection, a timeout and an HTTP error, logging the difference', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resolver = fakeDns({ 'images.test': ['127.0.0.1'] });
    const port = await closedPort();
    const cases = [
      `http://nowhere.test:${server.port}/a.jpg`, // DNS failure
      `http://images.test:${port}/a.jpg`, // connection refused
      `http://images.test:${server.port}/slow`, // timeout
      `http://images.test:${server.port}/status/404`, // HTTP status
      `http://images.test:${server.port}/status/503`,
    ];
    const errors = [];
    for (const url of cases) {
      // Only the slow case gets a short limit, so a busy machine cannot turn the others into timeouts.
      errors.push(
        await refusal(
          safeFetchImage(url, { ...opts, resolver, timeoutMs: url.endsWith('/slow') ? 300 : 10_000 }),
        ),
      );
    }
    expect(errors.map((e, i) => [e.status, e.code, e.message.replace(cases[i] ?? '', 'URL')])).toEqual(
      cases.map(() => [
        502,
        'IMAGE_FETCH_FAILED',
        'Could not fetch image URL: the image could not be downloaded from its server',
      ]),
    );
    const logged = warn.mock.calls.map((c) => String(c[0])).join('\n');
    for (const detail of ['DNS lookup', 'ECONNREFUSED', 'within 300 ms', 'HTTP 404', 'HTTP 503'])
      expect(logged).toContain(detail);
  });
});

describe('safeFetchImage bounds what it downloads', () => {
  const opts = { allowLoopback: true };

  /** Bytes the server has sent on `path`, once they stop growing. */
  async function settledBytes(path: string): Promise<number> {
    let last = -1;
    for (let i = 0; i < 20; i++) {
      await sleep(100);
      const now = server.bytesSent.get(path) ?? 0;
      if (now === last) return now;
      last = now;
    }
    throw new Error(`${path} is still streaming`);
  }

  it('does not read the body of a redirect (a 302 with an endless body)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { finalUrl } = await safeFetchImage(`${server.origin}/redirect-endless`, opts);
    expect(finalUrl).toBe(`${server.origin}/images/dog.jpg`);
    // Only what was in flight when the connection closed: socket buffers, not gigabytes.
    expect(await settledBytes('/redirect-endless')).toBeLessThan(8 * 1024 * 1024);
  });

  it('does not read the body of an error answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await refusal(safeFetchImage(`${server.origin}/status-endless/500`, opts));
    expect(error.code).toBe('IMAGE_FETCH_FAILED');
    expect(await settledBytes('/status-endless/500')).toBeLessThan(8 * 1024 * 1024);
  });

  it("stops at the request's deadline, whatever the per-fetch time limit", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const started = performance.now();
    const error = await refusal(
      safeFetchImage(`${server.origin}/hang`, {
        ...opts,
        timeoutMs: 10_000,
        signal: AbortSignal.timeout(300),
      }),
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(error.code).toBe('IMAGE_FETCH_FAILED');
  });

  it("does not start a fetch once the request's deadline has passed", async () => {
    const before = server.hits.length;
    const error = await refusal(
      safeFetchImage(`${server.origin}/images/dog.jpg`, { ...opts, signal: AbortSignal.abort() }),
    );
    expect(error.message).toContain('time for fetching images ran out');
    expect(server.hits.length).toBe(before);
  });
});
