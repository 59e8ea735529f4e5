import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../server/http/errors';
import { createLocalHttpServer } from './http-server';
import { DRAIN_LIMIT_BYTES } from './node-http';
import { RawConnection, rawRequest, type RawResponse } from './raw-client';

/** A stand-in site: echoes, ignores bodies like logout does, throws, breaks mid-stream. */
async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  switch (url.pathname) {
    case '/ignore-body':
      return Response.json({ ignored: true });
    case '/echo':
      return Response.json({ method: req.method, length: (await req.arrayBuffer()).byteLength });
    case '/throw':
      throw new Error('postgres://user:secret@db refused');
    case '/broken-stream':
      return new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('partial'));
            c.error(new Error('disk went away'));
          },
        }),
        { headers: { 'Content-Type': 'text/plain' } },
      );
    default:
      return Response.json({ path: url.pathname, search: url.search });
  }
}

let server: Server;
let port: number;
const logged: unknown[] = [];
beforeAll(async () => {
  server = createLocalHttpServer(handle, {
    origin: 'http://127.0.0.1',
    log: (message) => logged.push(message),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function expectJsonError(res: RawResponse | null, status: number, code: string) {
  expect(res, 'an answer').not.toBeNull();
  expect(res!.status).toBe(status);
  expect(res!.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBodySchema.parse(JSON.parse(res!.body));
  expect(body.error.code).toBe(code);
}

/** The server still answers a plain request on a new connection. */
async function expectAlive() {
  const res = await rawRequest(
    port,
    'GET /still-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    2_000,
  );
  expect(res?.status).toBe(200);
  expect(JSON.parse(res!.body)).toEqual({ path: '/still-here', search: '' });
}

const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;

describe('local HTTP server: no request crashes it', () => {
  it.each(['TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH', 'M-SEARCH', 'LINK', 'QUERY'])(
    'answers %s with 405 and the JSON error body, then keeps serving',
    async (method) => {
      const res = await rawRequest(port, `${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res?.status).toBeGreaterThanOrEqual(400);
      expect(res!.status).toBeLessThan(500);
      expect(res!.headers['content-type']).toMatch(/^application\/json/);
      if (res!.status === 405) expect(res!.headers['allow']).toContain('POST');
      await expectAlive();
    },
  );

  it('answers CONNECT with 405 and the JSON error body', async () => {
    expectJsonError(
      await rawRequest(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      405,
      'METHOD_NOT_ALLOWED',
    );
    await expectAlive();
  });

  it.each([
    ['a control byte in a header value', get('/', 'X-Bad: a\x01b\r\n')],
    ['a space in a header name', get('/', 'Bad Header: 1\r\n')],
    ['a header without a colon', get('/', 'NoColon\r\n')],
    ['a bare LF request line', 'GET / HTTP/1.1\nHost: x\n\n'],
    ['an unknown method token', 'FOO@BAR / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unsupported HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['garbage', '\x00\x01\x02\x03 binary garbage\r\n\r\n'],
    [
      'Transfer-Encoding plus Content-Length',
      'POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
    ],
    [
      'a Transfer-Encoding not ending in chunked',
      'POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\nabc',
    ],
    [
      'two Content-Length values',
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
    ],
    ['a negative Content-Length', 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
    [
      'a malformed chunk size',
      'POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
    ],
    ['headers far over the limit', get('/', `X-Big: ${'a'.repeat(70_000)}\r\n`)],
    ['a request line far over the limit', get(`/${'a'.repeat(70_000)}`)],
  ])('answers %s with a 4xx (or closes) and keeps serving', async (_label, raw) => {
    const res = await rawRequest(port, raw, 3_000);
    if (res) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    await expectAlive();
  });

  it.each([
    ['*', 400],
    ['example.com:443', 400],
  ])('answers the request target %s with 400', async (target, status) => {
    expectJsonError(await rawRequest(port, get(target)), status, 'INVALID_REQUEST');
    await expectAlive();
  });

  it('keeps odd paths on this origin: //host, absolute-form, dot segments, bad escapes', async () => {
    const path = async (target: string) =>
      JSON.parse((await rawRequest(port, get(target)))!.body).path as string;
    expect(await path('//evil.example/x')).toBe('//evil.example/x');
    expect(await path('http://evil.example/y?z=1')).toBe('/y');
    expect(await path('/a/../../b')).toBe('/b');
    expect(await path('/%ZZ/%E0%A4%A')).toBe('/%ZZ/%E0%A4%A');
    expect(await path('/%00')).toBe('/%00');
    await expectAlive();
  });

  it('answers a request with an Upgrade header like any other', async () => {
    const res = await rawRequest(port, get('/ws', 'Upgrade: websocket\r\nConnection: Upgrade\r\n'), 3_000);
    if (res) expect(res.status).toBeLessThan(500);
    await expectAlive();
  });

  it('answers an exception in the handler with a logged JSON 500 that does not echo it', async () => {
    const before = logged.length;
    const res = await rawRequest(port, get('/throw'));
    expectJsonError(res, 500, 'INTERNAL_ERROR');
    expect(res!.body).not.toContain('secret');
    expect(logged.length).toBe(before + 1);
    await expectAlive();
  });

  it('cuts the connection when a response body fails half-way, and keeps serving', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const conn = await RawConnection.open(port);
    await conn.write(get('/broken-stream'));
    const res = await conn.read(2_000);
    // Either nothing parseable or a truncated chunked body; never a 200 that looks complete.
    expect(res === null || res.status === 200).toBe(true);
    expect(conn.closed || (await conn.read(2_000)) === null).toBe(true);
    conn.close();
    spy.mockRestore();
    await expectAlive();
  });

  it('survives a client that disconnects in the middle of sending a body', async () => {
    const conn = await RawConnection.open(port);
    await conn.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc');
    conn.close();
    await new Promise((r) => setTimeout(r, 100));
    await expectAlive();
  });
});

describe('local HTTP server: unread bodies do not wedge keep-alive connections', () => {
  const post = (path: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('drains a body the handler did not read, so the next request on the connection answers at once', async () => {
    const size = 512 * 1024;
    const conn = await RawConnection.open(port);
    await conn.write(post('/ignore-body', size));
    await conn.write(Buffer.alloc(size, 0x61));
    const first = await conn.read(2_000);
    expect(first?.status).toBe(200);
    expect(first?.headers['connection']).not.toBe('close');
    const started = Date.now();
    await conn.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    const second = await conn.read(2_000);
    expect(second?.status).toBe(200);
    expect(JSON.parse(second!.body)).toEqual({ path: '/next', search: '' });
    expect(Date.now() - started).toBeLessThan(1_000);
    conn.close();
  });

  it('closes the connection after answering when the unread body is over the drain limit', async () => {
    const size = DRAIN_LIMIT_BYTES * 8;
    const conn = await RawConnection.open(port);
    await conn.write(post('/ignore-body', size));
    void conn.write(Buffer.alloc(size, 0x61));
    // The client is still sending when the answer comes: closing at once would reset the
    // connection and could wipe the answer before the client reads it.
    const first = await conn.read(2_000);
    expect(first?.status).toBe(200);
    expect(first?.headers['connection']).toBe('close');
    conn.close();
    const started = Date.now();
    await expectAlive();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('delivers the answer before closing while a client in another process is still sending a large body', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../tests/support/local-http-child.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const childPort = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          const m = /port (\d+)/.exec(d.toString());
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`test server exited with ${code}`)));
      });
      for (let i = 0; i < 3; i++) {
        const size = DRAIN_LIMIT_BYTES * 8;
        const conn = await RawConnection.open(childPort);
        await conn.write(post('/logout', size));
        void conn.write(Buffer.alloc(size, 0x61));
        const res = await conn.read(5_000);
        conn.close();
        expect(res?.status, `attempt ${i + 1}`).toBe(200);
        expect(res?.headers['connection']).toBe('close');
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('closes a chunked body of unknown length the handler did not read', async () => {
    const conn = await RawConnection.open(port);
    await conn.write('POST /ignore-body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    await conn.write(`10000\r\n${'a'.repeat(0x10000)}\r\n`);
    const first = await conn.read(2_000);
    expect(first?.status).toBe(200);
    expect(first?.headers['connection']).toBe('close');
    conn.close();
    await expectAlive();
  });

  it('still passes bodies through to handlers that read them', async () => {
    const res = await rawRequest(
      port,
      `${post('/echo', 5).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')}hello`,
    );
    expect(JSON.parse(res!.body)).toEqual({ method: 'POST', length: 5 });
  });
});
