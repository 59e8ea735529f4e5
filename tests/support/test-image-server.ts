/**
 * A loopback HTTP server for tests: serves the fixture photos and misbehaves on request
 * (redirects, wrong content, oversized or endless bodies). Used by the unit tests and by
 * tests/e2e/vision.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

export const FIXTURE_DIR = resolve(import.meta.dirname, '../fixtures/images');

export interface TestImageServer {
  /** e.g. `http://127.0.0.1:40123` */
  origin: string;
  port: number;
  /** Paths requested so far, to prove a refused hop was never contacted. */
  hits: string[];
  /** Body bytes written so far by the endless routes, per path: what a client made us send. */
  bytesSent: Map<string, number>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Routes: `/images/<fixture>`; `/redirect?to=<url>` (302); `/redirect-n/<n>` (n hops down to
 * a fixture); `/html`; `/huge` (11 MB body, no Content-Length); `/huge-declared`
 * (Content-Length 11 MB); `/slow` (headers and 3 bytes, then nothing); `/hang` (no answer at
 * all); `/status/<code>`; `/redirect-endless` (302 to a fixture whose body never ends) and
 * `/status-endless/<code>` (an error whose body never ends), counted in `bytesSent`.
 */
export async function startTestImageServer(port = 0): Promise<TestImageServer> {
  const hits: string[] = [];
  const bytesSent = new Map<string, number>();
  /** Streams 0xff bytes as fast as the client takes them, until it goes away. */
  const endless = (res: ServerResponse, path: string) => {
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const pump = () => {
      while (!res.destroyed) {
        bytesSent.set(path, (bytesSent.get(path) ?? 0) + chunk.length);
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    res.on('error', () => undefined);
    pump();
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(url.pathname + url.search);
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
      res.end(body);
    };
    const image = /^\/images\/([\w.-]+)$/.exec(url.pathname)?.[1];
    if (image) {
      readFile(join(FIXTURE_DIR, image)).then(
        (data) => send(200, TYPES[image.split('.').pop() ?? ''] ?? 'application/octet-stream', data),
        () => send(404, 'text/plain', 'not found'),
      );
      return;
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    const hop = /^\/redirect-n\/(\d+)$/.exec(url.pathname)?.[1];
    if (hop !== undefined) {
      const n = Number(hop);
      res.writeHead(302, { Location: n <= 1 ? '/images/dog.jpg' : `/redirect-n/${n - 1}` });
      res.end();
      return;
    }
    if (url.pathname === '/html')
      return send(200, 'image/jpeg', '<!doctype html><html><body>not an image</body></html>');
    if (url.pathname === '/huge' || url.pathname === '/huge-declared') {
      const size = 11 * 1024 * 1024;
      res.writeHead(200, {
        'Content-Type': 'image/jpeg',
        ...(url.pathname === '/huge-declared' && { 'Content-Length': String(size) }),
      });
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    if (url.pathname === '/redirect-endless') {
      res.writeHead(302, { Location: '/images/dog.jpg', 'Content-Type': 'text/html' });
      return endless(res, url.pathname);
    }
    const endlessStatus = /^\/status-endless\/(\d{3})$/.exec(url.pathname)?.[1];
    if (endlessStatus) {
      res.writeHead(Number(endlessStatus), { 'Content-Type': 'text/html' });
      return endless(res, url.pathname);
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/slow') {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.write(Buffer.from([0xff, 0xd8, 0xff]));
      return; // never ends
    }
    const status = /^\/status\/(\d{3})$/.exec(url.pathname)?.[1];
    if (status) return send(Number(status), 'text/plain', 'status');
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    hits,
    bytesSent,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
