import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIp, compressResponse, sendWebResponse, toWebRequest } from './node-http';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
): Promise<string> {
  server = createServer((req, res) => void handler(req, res));
  return new Promise((r) =>
    server!.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)),
  );
}

describe('toWebRequest / sendWebResponse', () => {
  it('carries method, headers and body through, takes the client address from the socket, and every Set-Cookie back', async () => {
    const url = await listen(async (req, res) => {
      const web = toWebRequest(req, 'http://local');
      const body = await web.text();
      const headers = new Headers({ 'Content-Type': 'application/json' });
      headers.append('Set-Cookie', 'a=1');
      headers.append('Set-Cookie', 'b=2');
      const out = Response.json(
        {
          method: web.method,
          body,
          ip: clientIp(req),
          fwd: web.headers.get('x-forwarded-for'),
          path: new URL(web.url).pathname,
        },
        { headers },
      );
      await sendWebResponse(res, out, req.method);
    });
    const res = await fetch(`${url}/api/x?y=1`, {
      method: 'POST',
      body: 'hello',
      headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' },
    });
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    // A client-written X-Forwarded-For is passed on untouched and never taken as the address.
    expect(await res.json()).toEqual({
      method: 'POST',
      body: 'hello',
      ip: '127.0.0.1',
      fwd: '203.0.113.9, 10.0.0.1',
      path: '/api/x',
    });
  });

  it('survives a client that disconnects in the middle of a file response', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'optiq-http-')), 'big.bin');
    writeFileSync(file, Buffer.alloc(8 * 1024 * 1024, 7));
    let finished!: () => void;
    const sent = new Promise<void>((r) => (finished = r));
    const url = await listen((req, res) => {
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      void sendWebResponse(res, new Response(body), req.method).then(finished);
    });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${url}/big`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await sent;
    // The server still answers. (Its body is cancelled: an unread 8 MB body holds the connection
    // open, and the server's close after the test with it, until the client's body is collected.)
    const again = await fetch(`${url}/again`).catch(() => null);
    expect(again !== null).toBe(true);
    await again?.body?.cancel();
  });
});

describe('compressResponse', () => {
  const page = () =>
    new Response('<p>'.repeat(2000), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

  it('gzips compressible bodies for clients that accept gzip', async () => {
    const res = compressResponse('gzip, deflate, br', page());
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(text).toBe('<p>'.repeat(2000));
  });

  it('honours a quality of zero: gzip;q=0 and *;q=0 refuse gzip', () => {
    expect(compressResponse('gzip;q=0', page()).headers.get('content-encoding')).toBeNull();
    expect(compressResponse('gzip; q=0.0, identity', page()).headers.get('content-encoding')).toBeNull();
    expect(compressResponse('br, *;q=0', page()).headers.get('content-encoding')).toBeNull();
    expect(compressResponse('*', page()).headers.get('content-encoding')).toBe('gzip');
    expect(compressResponse('gzip;q=0.5', page()).headers.get('content-encoding')).toBe('gzip');
    expect(compressResponse('*;q=1, gzip;q=0', page()).headers.get('content-encoding')).toBeNull();
  });

  it('leaves images, small bodies and clients without gzip alone', () => {
    expect(compressResponse('identity', page()).headers.get('content-encoding')).toBeNull();
    const png = new Response(new Uint8Array(4096), { headers: { 'Content-Type': 'image/png' } });
    expect(compressResponse('gzip', png)).toBe(png);
    const small = new Response('{}', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': '2' },
    });
    expect(compressResponse('gzip', small)).toBe(small);
  });
});
