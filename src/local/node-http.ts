/**
 * Converts between Node's HTTP objects and web-standard Request/Response, and answers whatever
 * a client sends without letting one request take the process down: methods the functions
 * cannot receive get 405, a request the adapter cannot convert gets 400, anything unexpected
 * gets a logged JSON 500, and a request body the handler did not read is drained (bounded) or
 * the connection is closed, so a keep-alive connection never waits on it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { HttpError } from '../server/http/errors';
import { errorResponse } from '../server/http/handler';

/**
 * The peer address of the connection, passed to functions as `context.ip` the way Netlify passes
 * the client's. Never read from a header: forwarding headers are the client's to write, and only
 * the trusted-proxy setting (src/server/rate-limit/client-address.ts) may give them weight.
 */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * Methods passed on to functions and the static site. Others (TRACE, CONNECT, WebDAV verbs...)
 * get 405: `new Request` refuses TRACE and CONNECT outright, and nothing here serves the rest.
 */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Most bytes of an unread request body read and discarded to keep a connection reusable. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** Longest wait for an unread body to arrive before the connection is closed instead. */
export const DRAIN_TIMEOUT_MS = 5_000;

/** The request body as a web stream, plus what the adapter needs to settle it afterwards. */
interface NodeBody {
  stream: ReadableStream<Uint8Array>;
  /** Body bytes received so far. */
  received(): number;
  /** Stops feeding the web stream; later bytes are the adapter's to drain. */
  detach(): void;
}

/**
 * A pull-based web stream over the request. Unlike `Readable.toWeb` it never enqueues after
 * it has been closed or cancelled (which throws an uncatchable ERR_INVALID_STATE in Node 22),
 * and it can be detached so the adapter can drain what the handler left unread.
 */
function nodeBody(req: IncomingMessage): NodeBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let settled = false;
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (settled) return;
    controller.enqueue(new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    if (!settled) controller.close();
    detach();
  };
  const onError = (error: unknown) => {
    if (!settled) controller.error(error);
    detach();
  };
  const onClose = () => {
    if (!req.complete)
      onError(new Error('the client closed the connection before the request body was complete'));
  };
  function detach() {
    settled = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.on('close', onClose);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, received: () => bytes, detach };
}

/**
 * The URL of a request target: origin-form (`/path?query`) or absolute-form (a proxy request;
 * only its path and query are used, never its host). Anything else (`*`, an authority) is null.
 */
export function requestUrl(target: string | undefined, origin: string): URL | null {
  const raw = target ?? '/';
  if (raw.startsWith('/')) {
    // Concatenated rather than resolved: `//host/x` must stay a path on this origin.
    const url = new URL(`${origin}${raw}`);
    return url.origin === new URL(origin).origin ? url : null;
  }
  if (/^https?:\/\//i.test(raw)) {
    try {
      const abs = new URL(raw);
      return new URL(`${origin}${abs.pathname}${abs.search}`);
    } catch {
      return null;
    }
  }
  return null;
}

/** A web Request for a Node request; the body streams (not buffered) for POST/PUT/PATCH. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  return convert(req, origin).request;
}

function convert(req: IncomingMessage, origin: string): { request: Request; body: NodeBody | null } {
  const url = requestUrl(req.url, origin);
  if (!url) throw new HttpError(400, 'INVALID_REQUEST', 'The request target is not a path');
  const headers = new Headers();
  try {
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || key.startsWith(':')) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
  } catch {
    throw new HttpError(400, 'INVALID_REQUEST', 'A request header is malformed');
  }
  const method = req.method ?? 'GET';
  const body = method !== 'GET' && method !== 'HEAD' ? nodeBody(req) : null;
  const request = new Request(url, {
    method,
    headers,
    ...(body ? { body: body.stream, duplex: 'half' } : {}),
  });
  return { request, body };
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
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  method = 'GET',
): Promise<void> {
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
 * Whether an Accept-Encoding header accepts gzip: listed with a non-zero quality, or not
 * listed while `*` is (RFC 9110 12.5.3). `gzip;q=0` refuses it.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([0-9.]+)$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q)) q = 0;
    const name = coding.toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') any = q;
  }
  return (gzip ?? any ?? 0) > 0;
}

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
    !acceptsGzip(acceptEncoding) ||
    Number(response.headers.get('content-length') ?? Infinity) < 1024
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The documented JSON error body for an error the adapter answers itself. */
function adapterError(
  status: 400 | 405 | 500,
  code: 'INVALID_REQUEST' | 'METHOD_NOT_ALLOWED' | 'INTERNAL_ERROR',
  message: string,
  headers: Record<string, string> = {},
): Response {
  return errorResponse(new HttpError(status, code, message, { headers }), {
    requestId: crypto.randomUUID(),
    clientIp: '',
    headers: new Headers(),
    params: {},
  });
}

/**
 * After the response: a body the handler left unread is read and discarded up to
 * DRAIN_LIMIT_BYTES / DRAIN_TIMEOUT_MS so the connection can carry the next request. A body
 * known to be larger was answered with `Connection: close`; it is discarded until the socket
 * closes (see `lingerOnClose`).
 */
function settleBody(req: IncomingMessage, body: NodeBody | null, closing: boolean): void {
  body?.detach();
  if (req.complete || req.destroyed) return;
  req.on('data', () => {});
  if (closing) {
    req.resume();
    return;
  }
  let drained = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, DRAIN_TIMEOUT_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT_BYTES) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** How long a closing connection keeps discarding a body the client is still sending. */
export const LINGER_MS = 2_000;

/**
 * Node ends a `Connection: close` response with `socket.destroySoon()`, which closes the socket
 * while the client may still be sending its body; the kernel then answers with a reset that
 * can wipe the response before the client reads it. Instead: send FIN, keep discarding what
 * arrives, and close for good when the client does or after LINGER_MS.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    return this;
  };
}

/** Whether more than DRAIN_LIMIT_BYTES (or an unknown amount) of the body is still to come. */
function tooMuchLeft(req: IncomingMessage, body: NodeBody | null): boolean {
  if (req.complete) return false;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (!Number.isFinite(declared)) return true;
  return declared - (body?.received() ?? 0) > DRAIN_LIMIT_BYTES;
}

export interface ServeOptions {
  /** `http://host:port` the server is reached at. */
  origin: string;
  /** Gzip compressible responses for clients that accept it (the local runtime). */
  compress?: boolean;
  /** Where unexpected errors are reported. */
  log?: (message: string, error: unknown) => void;
}

/**
 * Answers one Node request with `handle`, never throwing: 405 for methods outside
 * ALLOWED_METHODS, 400 for a request that cannot become a web Request, a logged JSON 500 for
 * anything the handler throws, and the unread part of the body settled afterwards.
 */
export async function serveNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request, clientIp: string) => Promise<Response>,
  opts: ServeOptions,
): Promise<void> {
  const log = opts.log ?? ((message, error) => console.error(message, error));
  let body: NodeBody | null = null;
  let response: Response;
  try {
    const method = req.method ?? 'GET';
    if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
      response = adapterError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed`, {
        Allow: ALLOWED_METHODS.join(', '),
      });
    } else {
      const converted = convert(req, opts.origin);
      body = converted.body;
      response = await handle(converted.request, clientIp(req));
    }
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) {
      response = adapterError(400, 'INVALID_REQUEST', error.message);
    } else {
      log(`[local] request failed: ${req.method} ${req.url}`, error);
      response = adapterError(500, 'INTERNAL_ERROR', 'Internal server error');
    }
  }
  try {
    if (opts.compress) response = compressResponse(req.headers['accept-encoding'], response);
    const closing = tooMuchLeft(req, body);
    if (closing) {
      res.setHeader('Connection', 'close');
      lingerOnClose(req.socket);
    }
    res.once('finish', () => settleBody(req, body, closing));
    if (res.destroyed) settleBody(req, body, closing);
    await sendWebResponse(res, response, req.method);
  } catch (error) {
    // The client went away mid-response (a closed tab, a load tool stopping): nothing to answer.
    if (res.destroyed || (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    log(`[local] response failed: ${req.method} ${req.url}`, error);
    if (!res.headersSent) {
      await sendWebResponse(
        res,
        adapterError(500, 'INTERNAL_ERROR', 'Internal server error'),
        req.method,
      ).catch(() => res.destroy());
    } else {
      // Half a body cannot be turned into an error any more: end the connection so the client
      // sees a truncated response rather than a wrong one.
      res.destroy();
    }
  }
}

/** A raw HTTP/1.1 response with the documented JSON error body, for sockets Node hands over. */
export function rawErrorResponse(
  status: 400 | 405 | 408 | 413 | 431,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): string {
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ error: { code, message, details: null }, request_id: requestId });
  const reason: Record<number, string> = {
    400: 'Bad Request',
    405: 'Method Not Allowed',
    408: 'Request Timeout',
    413: 'Payload Too Large',
    431: 'Request Header Fields Too Large',
  };
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...extra,
  };
  return `HTTP/1.1 ${status} ${reason[status]}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}`;
}

/** Answers a CONNECT request (Node hands it over as a raw socket) with 405 and closes it. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => {});
  socket.end(
    rawErrorResponse(405, 'METHOD_NOT_ALLOWED', 'Method CONNECT is not allowed', {
      Allow: ALLOWED_METHODS.join(', '),
    }),
  );
}

/**
 * Answers a request Node's parser refused (bad header bytes, a malformed request line,
 * conflicting Transfer-Encoding and Content-Length...) with a JSON 4xx and closes the socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  socket.on('error', () => {});
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const raw =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? rawErrorResponse(431, 'INVALID_REQUEST', 'Request headers are too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawErrorResponse(408, 'INVALID_REQUEST', 'The request took too long to arrive')
        : rawErrorResponse(400, 'INVALID_REQUEST', 'The request is malformed');
  socket.end(raw);
}
