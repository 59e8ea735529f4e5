/**
 * The local runtime over a real socket, with every real function and the real netlify.toml:
 * hostile requests (odd methods, bad bytes, bad encodings, NULs, unknown API calls, unread large
 * bodies) get 2xx/4xx answers, JSON under /api/, and the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { errorBodySchema } from '../../src/server/http/errors';
import { DRAIN_LIMIT_BYTES } from '../../src/local/node-http';
import { RawConnection, rawRequest, type RawResponse } from '../../src/local/raw-client';
import { startLocalSite, type LocalSite } from '../support/local-site';
import { useVisionEnv } from '../support/vision-env';

useVisionEnv();

let site: LocalSite;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  vi.stubEnv('CONTACT_RATE_LIMIT', '100000');
  vi.stubEnv('ADMIN_USERNAME', 'admin');
  vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword('local-server-password', { N: 1024, r: 8, p: 1 }));
  vi.stubEnv('SESSION_SECRET', 'local-server-secret-'.padEnd(48, 's'));
  site = await startLocalSite({ log: (m) => logged.push(m) });
  port = site.port;
}, 120_000);
afterAll(() => site.stop());

const request = (
  method: string,
  path: string,
  { headers = {}, body = '' }: { headers?: Record<string, string>; body?: string } = {},
) => {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (body || method === 'POST') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

function expectJsonError(res: RawResponse | null, status: number | null, label: string) {
  expect(res, label).not.toBeNull();
  if (status !== null) expect(res!.status, label).toBe(status);
  expect(res!.status, label).toBeGreaterThanOrEqual(400);
  expect(res!.status, label).toBeLessThan(500);
  expect(res!.headers['content-type'], label).toMatch(/^application\/json/);
  expect(errorBodySchema.safeParse(JSON.parse(res!.body)).success, label).toBe(true);
}

async function expectAlive() {
  const res = await rawRequest(port, request('GET', '/api/apis'));
  expect(res?.status).toBe(200);
}

describe('local runtime over a socket', () => {
  it('answers odd methods on API paths with 405 JSON', async () => {
    for (const [method, path] of [
      ['TRACE', '/api/contacts'],
      ['PROPFIND', '/api/apis'],
      ['CONNECT', 'localhost:443'],
    ]) {
      expectJsonError(await rawRequest(port, request(method!, path!)), 405, `${method} ${path}`);
    }
    // Node's parser does not know TRACK: a JSON 400.
    expectJsonError(await rawRequest(port, request('TRACK', '/')), 400, 'TRACK');
    await expectAlive();
  });

  it('answers malformed JSON, NULs and wrong types to every POST endpoint with a JSON 4xx', async () => {
    const posts = [
      '/api/contacts',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/v1/detect',
      '/api/v1/categories',
      '/api/demo/object-detection',
    ];
    const bodies = [
      '{"a":',
      '[]',
      '{"name":"\\u0000","email":"\\u0000","message":"\\u0000","pageName":"\\u0000"}',
      '{"definitions":[{"category":"x","objects":["!!!"]}]}',
      '\u00ff\u00fe',
    ];
    for (const path of posts) {
      for (const body of bodies) {
        const res = await rawRequest(
          port,
          request('POST', path, { headers: { 'Content-Type': 'application/json' }, body }),
        );
        // Logout ignores its body and answers 200.
        if (path === '/api/auth/logout') expect(res?.status).toBe(200);
        else expectJsonError(res, null, `POST ${path} ${body}`);
      }
    }
    await expectAlive();
  });

  it('answers bad path encodings and NUL ids with 404, JSON from the API', async () => {
    for (const path of ['/api/apis/%00', '/api/apis/%ZZ', '/api/apis/%E0%A4%A', '/api/use-cases/%00']) {
      expectJsonError(await rawRequest(port, request('GET', path)), 404, path);
    }
    for (const path of ['/%ZZ', '/use-case/%E0%A4%A', '/api/%ZZ']) {
      expect((await rawRequest(port, request('GET', path)))?.status, path).toBe(404);
    }
    await expectAlive();
  });

  it('answers unknown API calls with a JSON 404, and a browser asking for GET /api/{id} with the API Not Found page', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing'],
      ['POST', '/api/v1/nothing'],
      ['POST', '/api/nothing'],
      ['DELETE', '/api/nothing/here'],
      ['PUT', '/api/apis/x/y'],
    ]) {
      expectJsonError(await rawRequest(port, request(method!, path!)), 404, `${method} ${path}`);
    }
    // A program (no Accept, or */*) gets JSON there too; a browser gets the page.
    expectJsonError(await rawRequest(port, request('GET', '/api/unknown-api')), 404, 'GET /api/unknown-api');
    expectJsonError(
      await rawRequest(port, request('GET', '/api/unknown-api', { headers: { Accept: '*/*' } })),
      404,
      'GET /api/unknown-api, */*',
    );
    const page = await rawRequest(
      port,
      request('GET', '/api/unknown-api', { headers: { Accept: 'text/html,*/*;q=0.8' } }),
    );
    expect(page?.status).toBe(404);
    expect(page?.headers['content-type']).toMatch(/^text\/html/);
    expect(page?.body).toContain('API Not Found');
    // Real endpoints still answer, including their own 405.
    expect((await rawRequest(port, request('DELETE', '/api/contacts')))?.status).toBe(405);
  });

  it('answers bad header bytes and conflicting framing with a JSON 400', async () => {
    expectJsonError(
      await rawRequest(port, 'GET /api/apis HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n'),
      400,
      'control byte',
    );
    expectJsonError(
      await rawRequest(
        port,
        'POST /api/contacts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      ),
      400,
      'TE + CL',
    );
    await expectAlive();
  });

  it('keeps a keep-alive connection usable after a large body sent to logout', async () => {
    const size = 512 * 1024;
    const conn = await RawConnection.open(port);
    await conn.write(
      `POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    await conn.write(Buffer.alloc(size, 0x20));
    expect((await conn.read(3_000))?.status).toBe(200);
    const started = Date.now();
    await conn.write('GET /api/apis HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await conn.read(3_000))?.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    conn.close();

    const huge = await RawConnection.open(port);
    await huge.write(
      `POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Length: ${DRAIN_LIMIT_BYTES * 8}\r\n\r\n`,
    );
    void huge.write(Buffer.alloc(DRAIN_LIMIT_BYTES * 8, 0x20));
    const res = await huge.read(3_000);
    expect(res?.status).toBe(200);
    expect(res?.headers['connection']).toBe('close');
    huge.close();
    const again = Date.now();
    await expectAlive();
    expect(Date.now() - again).toBeLessThan(2_000);
  });

  it('honours Accept-Encoding, including gzip;q=0', async () => {
    const gz = await rawRequest(
      port,
      request('GET', '/api/apis', { headers: { 'Accept-Encoding': 'gzip' } }),
    );
    expect(gz?.headers['content-encoding']).toBe('gzip');
    const refused = await rawRequest(
      port,
      request('GET', '/api/apis', { headers: { 'Accept-Encoding': 'gzip;q=0' } }),
    );
    expect(refused?.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused!.body).length).toBeGreaterThan(0);
  });

  it('logged nothing unexpected', () => {
    expect(logged).toEqual([]);
  });
});
