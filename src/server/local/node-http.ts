/** Converts between Node's HTTP objects and web-standard Request/Response. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * The peer address of the connection, passed to functions as `context.ip` the way Netlify passes
 * the client's. Never read from a header: forwarding headers are the client's to write, and only
 * the trusted-proxy setting (src/server/rate-limit/client-address.ts) may give them weight.
 */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** A web Request for a Node request; the body streams (not buffered) for POST/PUT/PATCH. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Resolves when `res` can take more data or the client has gone. */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Writes a web Response to a Node response, streaming the body. If the client goes away, the
 * body is still read to its end rather than cancelled: cancelling a stream made from a file
 * with `Readable.toWeb` can throw an uncatchable ERR_INVALID_STATE in Node 22.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, method = 'GET'): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (res.destroyed || res.writableEnded) continue;
    if (!res.write(value)) await writable(res);
  }
  if (!res.destroyed) res.end();
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Gzips a compressible response when the client accepts it, as Netlify's edge does in
 * production, so local measurements (Lighthouse, load tests) see production-sized transfers.
 */
export function compressResponse(acceptEncoding: string | undefined, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    !COMPRESSIBLE.test(type) ||
    !/\bgzip\b/.test(acceptEncoding ?? '') ||
    Number(response.headers.get('content-length') ?? Infinity) < 1024
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, statusText: response.statusText, headers });
}
