/**
 * SSRF-safe image download. A user-supplied URL is fetched only if:
 * - it is http(s) without credentials, and its host is not an internal/metadata name;
 * - every address its host resolves to is public (ip-policy.ts); the connection then goes to
 *   that vetted address (a pinned `lookup`), so a second DNS answer cannot rebind it, while TLS
 *   still verifies the certificate against the host name;
 * - each redirect hop (at most 3) passes the same checks before it is followed;
 * - the body stays under 10 MB (checked on Content-Length and again while streaming) and the
 *   whole exchange finishes within the time limit.
 * Every refusal is an HttpError with a specific message.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { HttpError } from '../http/errors';
import { IMAGE_LIMITS } from './image-input';
import { checkAddress, checkHostname, type AddressPolicy } from './ip-policy';

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

const notAllowed = (url: string, why: string): HttpError =>
  new HttpError(422, 'IMAGE_URL_NOT_ALLOWED', `Image URL ${url} is not allowed: ${why}`);
const fetchFailed = (url: string, why: string, status: 422 | 502 = 422): HttpError =>
  new HttpError(status, 'IMAGE_FETCH_FAILED', `Could not fetch image ${url}: ${why}`);

/** Checks a URL and its host's addresses; returns the address to connect to. */
async function vet(url: URL, shown: string, opts: SafeFetchOptions, resolver: Resolver): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw notAllowed(shown, `only http and https URLs are accepted, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw notAllowed(shown, 'URLs with credentials are not accepted');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  if (!literal) {
    const byName = checkHostname(host, opts);
    if (!byName.allowed) throw notAllowed(shown, byName.reason);
  }
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolver(host);
    } catch {
      throw fetchFailed(shown, `the host name ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw fetchFailed(shown, `the host name ${host} has no addresses`);
  // Every answer must be public: a mixed answer is how rebinding attacks hide a private address.
  for (const a of addresses) {
    const verdict = checkAddress(a.address, opts);
    if (!verdict.allowed) throw notAllowed(shown, verdict.reason);
  }
  return addresses[0] as ResolvedAddress;
}

interface HopResult {
  status: number;
  location: string | null;
  contentType: string | null;
  bytes?: Uint8Array;
}

function requestOnce(url: URL, pinned: ResolvedAddress, shown: string, maxBytes: number, signal: AbortSignal): Promise<HopResult> {
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
        signal,
        headers: {
          'User-Agent': 'OptiqImageFetcher/1.0 (+https://optiq-vision.netlify.app/docs)',
          Accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = res.headers['content-type'] ?? null;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, contentType });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status, location: null, contentType });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(fetchFailed(shown, `the image is ${declared} bytes, over the 10 MB limit`));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total > maxBytes) {
            res.destroy();
            reject(fetchFailed(shown, 'the image is over the 10 MB limit'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status, location: null, contentType, bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
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
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    const shown = hop === 0 ? rawUrl : `${rawUrl} (redirected to ${url.href})`;
    const pinned = await vet(url, shown, opts, resolver);
    let result: HopResult;
    try {
      result = await requestOnce(url, pinned, shown, maxBytes, signal);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (signal.aborted) throw fetchFailed(shown, `no complete answer within ${Math.round(timeoutMs / 1000)} s`, 502);
      const code = (error as NodeJS.ErrnoException).code;
      throw fetchFailed(shown, code ? `connection failed (${code})` : 'connection failed', 502);
    }
    if (result.status >= 300 && result.status < 400 && result.location) {
      if (hop >= maxRedirects) throw fetchFailed(rawUrl, `more than ${maxRedirects} redirects`);
      url = new URL(result.location, url);
      continue;
    }
    if (result.status !== 200 || !result.bytes) {
      throw fetchFailed(shown, `the server answered HTTP ${result.status}`, 502);
    }
    return { bytes: result.bytes, finalUrl: url.href, contentType: result.contentType };
  }
}
