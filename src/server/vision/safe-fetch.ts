/**
 * SSRF-safe image download. A user-supplied URL is fetched only if:
 * - it is http(s) without credentials, and its host is not an internal/metadata name;
 * - every address its host resolves to is public (ip-policy.ts); the connection then goes to
 *   that vetted address (a pinned `lookup`), so a second DNS answer cannot rebind it, while TLS
 *   still verifies the certificate against the host name;
 * - its port is 80 or 443 (or a configured list; the loopback opt-in for tests lifts this);
 * - each redirect hop (at most 3) passes the same checks before it is followed;
 * - only a 200 answer's body is read, up to 10 MB (checked on Content-Length and again while
 *   streaming); a redirect's or an error's body is never read;
 * - the whole exchange finishes within the time limit, and within the deadline of the request
 *   it serves (`signal`, one for all the images of a request, see `fetchDeadline`).
 * Refusals by policy say why. Failures to reach an image do not: a failed DNS lookup, a refused
 * connection, a timeout and an HTTP error status all read the same to the caller, so the fetcher
 * cannot be used to probe which hosts and ports answer; the detail goes to the log.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { HttpError } from '../http/errors';
import { IMAGE_LIMITS } from './image-input';
import {
  checkAddress,
  checkHostname,
  checkPort,
  DEFAULT_IMAGE_PORTS,
  type AddressPolicy,
  type AddressVerdict,
} from './ip-policy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions extends AddressPolicy {
  resolver?: Resolver;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  /** Total time limit in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Body size cap in bytes (default 10 MB). */
  maxBytes?: number;
  /**
   * Ports allowed (default `VISION_ALLOWED_PORTS`, else 80 and 443); without a list,
   * `allowLoopback` lifts the rule, since test servers listen on loopback at random ports.
   */
  allowedPorts?: readonly number[] | 'any';
  /** The deadline of the request this fetch serves; once aborted, no fetch starts or goes on. */
  signal?: AbortSignal;
}

export interface FetchedImage {
  bytes: Uint8Array;
  /** The URL finally read, after redirects. */
  finalUrl: string;
  contentType: string | null;
}

const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The opt-in that lets local tests fetch from loopback; never set it in production. */
export const allowLoopbackFromEnv = (): boolean => process.env['VISION_ALLOW_PRIVATE_URLS'] === '1';

/** `VISION_ALLOWED_PORTS` (comma-separated), else 80 and 443. */
export function allowedPortsFromEnv(
  env: Record<string, string | undefined> = process.env,
): readonly number[] {
  const ports = (env['VISION_ALLOWED_PORTS'] ?? '')
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  return ports.length > 0 ? ports : DEFAULT_IMAGE_PORTS;
}

/** Default time for fetching all the images of one request (Netlify ends a function at 60 s). */
export const DEFAULT_FETCH_BUDGET_MS = 25_000;

/**
 * The deadline for every image fetch of one request: `VISION_FETCH_BUDGET_MS` (default 25 s)
 * from now. Pass it as `signal` to each fetch; images not fetched by then get their own error.
 */
export function fetchDeadline(env: Record<string, string | undefined> = process.env): AbortSignal {
  const configured = Number(env['VISION_FETCH_BUDGET_MS']);
  return AbortSignal.timeout(
    Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_FETCH_BUDGET_MS,
  );
}

const notAllowed = (url: string, why: string): HttpError =>
  new HttpError(422, 'IMAGE_URL_NOT_ALLOWED', `Image URL ${url} is not allowed: ${why}`);
const fetchFailed = (url: string, why: string, status: 422 | 502 = 422): HttpError =>
  new HttpError(status, 'IMAGE_FETCH_FAILED', `Could not fetch image ${url}: ${why}`);

/**
 * The one answer for an image that could not be reached, whatever the cause (logged here):
 * DNS, connection, timeout or HTTP status must not be told apart by the caller.
 */
function unreachable(url: string, detail: string): HttpError {
  console.warn(`image fetch: ${url}: ${detail}`);
  return fetchFailed(url, 'the image could not be downloaded from its server', 502);
}

/** Thrown by `vet` and the hops when the request's deadline has passed. */
const outOfTime = (url: string): HttpError =>
  fetchFailed(url, "not fetched: the request's time for fetching images ran out", 502);

/**
 * The rules a URL meets before any DNS lookup: scheme, credentials, port, well-known internal
 * host names, and a literal address's range. What `safeFetchImage` checks first; callers that
 * take URLs for later (batch jobs, callbacks) check them at submission with it.
 */
export function checkUrlBeforeLookup(
  url: URL,
  opts: AddressPolicy & Pick<SafeFetchOptions, 'allowedPorts'> = {},
): AddressVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      allowed: false,
      reason: `only http and https URLs are accepted, not ${url.protocol.replace(':', '')}`,
    };
  }
  if (url.username || url.password)
    return { allowed: false, reason: 'URLs with credentials are not accepted' };
  const port = checkPort(url, opts.allowedPorts ?? (opts.allowLoopback ? 'any' : allowedPortsFromEnv()));
  if (!port.allowed) return port;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? checkAddress(host, opts) : checkHostname(host, opts);
}

/**
 * `checkUrlBeforeLookup` for a URL as sent: an `IMAGE_URL_NOT_ALLOWED` error (`what` names it in
 * the message, e.g. "Image URL" or "Callback URL"), or null when it may be fetched (its host's
 * addresses are checked when it is).
 */
export function urlRefusal(
  rawUrl: string,
  what: string,
  opts: AddressPolicy & Pick<SafeFetchOptions, 'allowedPorts'> = {},
): HttpError | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return new HttpError(422, 'IMAGE_URL_NOT_ALLOWED', `${what} "${rawUrl}" is not a valid URL`);
  }
  const verdict = checkUrlBeforeLookup(url, opts);
  return verdict.allowed
    ? null
    : new HttpError(422, 'IMAGE_URL_NOT_ALLOWED', `${what} ${rawUrl} is not allowed: ${verdict.reason}`);
}

/** Checks a URL and its host's addresses; returns the address to connect to. */
async function vet(
  url: URL,
  shown: string,
  opts: SafeFetchOptions,
  resolver: Resolver,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const before = checkUrlBeforeLookup(url, opts);
  if (!before.allowed) throw notAllowed(shown, before.reason);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await abortable(resolver(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw unreachable(
        shown,
        `DNS lookup of ${host} failed (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
  }
  if (addresses.length === 0) throw unreachable(shown, `DNS lookup of ${host} found no addresses`);
  // Every answer must be public: a mixed answer is how rebinding attacks hide a private address.
  for (const a of addresses) {
    const verdict = checkAddress(a.address, opts);
    if (verdict.allowed) continue;
    // A literal address is the caller's own; what a name resolved to is ours, and telling it
    // would let anyone map internal names ("db.corp is 10.0.0.5"): logged, not answered.
    if (literal) throw notAllowed(shown, verdict.reason);
    console.warn(`image fetch: ${shown}: refused, ${host} resolves to ${a.address} (${verdict.reason})`);
    throw notAllowed(shown, 'its host does not resolve to a public internet address');
  }
  return addresses[0] as ResolvedAddress;
}

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

interface HopResult {
  status: number;
  location: string | null;
  contentType: string | null;
  bytes?: Uint8Array;
}

function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  shown: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<HopResult> {
  // Connect to the vetted address whatever the resolver would say now (no DNS rebinding).
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<HopResult>((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: 'GET',
        lookup,
        // A connection of its own: a pooled socket would skip the pinned lookup of this fetch, and
        // one the server has just closed fails the request with ECONNRESET.
        agent: false,
        signal,
        headers: {
          'User-Agent': 'OptiqImageFetcher/1.0 (+https://optiq-vision.netlify.app/docs)',
          Accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = res.headers['content-type'] ?? null;
        // Destroying the request ends the response too; its error is expected, not a crash.
        res.on('error', () => undefined);
        if (status !== 200) {
          // The body of a redirect or an error is never needed: close the connection rather
          // than drain it (a 302 with an endless body would otherwise stream until the timeout).
          req.destroy();
          resolve({
            status,
            location: status >= 300 && status < 400 ? (res.headers.location ?? null) : null,
            contentType,
          });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          req.destroy();
          reject(fetchFailed(shown, `the image is ${declared} bytes, over the 10 MB limit`));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total > maxBytes) {
            req.destroy();
            reject(fetchFailed(shown, 'the image is over the 10 MB limit'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status,
            location: null,
            contentType,
            bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Downloads an image from a user-supplied URL under the rules above. */
export async function safeFetchImage(rawUrl: string, opts: SafeFetchOptions = {}): Promise<FetchedImage> {
  const resolver = opts.resolver ?? systemResolver;
  const maxRedirects = opts.maxRedirects ?? 3;
  const maxBytes = opts.maxBytes ?? IMAGE_LIMITS.maxBytes;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new HttpError(422, 'IMAGE_FETCH_FAILED', `Image URL "${rawUrl}" is not a valid URL`);
  }
  // An image queued behind others when the request's time is up is not started at all.
  if (opts.signal?.aborted) throw outOfTime(rawUrl);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const stopped = (shown: string): HttpError =>
    unreachable(
      shown,
      timeout.aborted
        ? `no complete answer within ${timeoutMs} ms`
        : "the request's deadline passed mid-fetch",
    );
  for (let hop = 0; ; hop++) {
    const shown = hop === 0 ? rawUrl : `${rawUrl} (redirected to ${url.href})`;
    let result: HopResult;
    try {
      const pinned = await vet(url, shown, opts, resolver, signal);
      result = await requestOnce(url, pinned, shown, maxBytes, signal);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (signal.aborted) throw stopped(shown);
      const code = (error as NodeJS.ErrnoException).code;
      throw unreachable(shown, code ? `connection failed (${code})` : `connection failed (${String(error)})`);
    }
    if (result.status >= 300 && result.status < 400 && result.location) {
      if (hop >= maxRedirects) throw fetchFailed(rawUrl, `more than ${maxRedirects} redirects`);
      try {
        url = new URL(result.location, url);
      } catch {
        throw unreachable(shown, `redirect to an invalid location ${JSON.stringify(result.location)}`);
      }
      continue;
    }
    if (result.status !== 200 || !result.bytes)
      throw unreachable(shown, `the server answered HTTP ${result.status}`);
    return { bytes: result.bytes, finalUrl: url.href, contentType: result.contentType };
  }
}

/** What a `safePostJson` delivery got back. */
export interface PostResult {
  status: number;
}

/**
 * POSTs a JSON body to a user-supplied URL (batch job callbacks) under the same address rules
 * as image fetching: the host's addresses are vetted and pinned, redirects are not followed
 * (a 3xx answer is returned as it is), the answer's body is never read. Throws the same
 * `IMAGE_URL_NOT_ALLOWED` / `IMAGE_FETCH_FAILED` errors as `safeFetchImage`.
 */
export async function safePostJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: SafeFetchOptions = {},
): Promise<PostResult> {
  const resolver = opts.resolver ?? systemResolver;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new HttpError(422, 'IMAGE_FETCH_FAILED', `URL "${rawUrl}" is not a valid URL`);
  }
  const signal = AbortSignal.any([
    AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    ...(opts.signal ? [opts.signal] : []),
  ]);
  const pinned = await vet(url, rawUrl, opts, resolver, signal);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        signal,
        headers: {
          'User-Agent': 'OptiqCallback/1.0 (+https://optiq-vision.netlify.app/docs)',
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0 });
        req.destroy();
      },
    );
    req.on('error', (error) =>
      reject(signal.aborted ? unreachable(rawUrl, 'timed out') : unreachable(rawUrl, String(error))),
    );
    req.end(body);
  });
}
