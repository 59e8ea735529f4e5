/**
 * Fuzz of every endpoint, in-process: each function in `functions/` (enumerated, not listed by
 * hand) gets malformed JSON, wrong types, NUL characters, huge bodies, odd methods, odd content
 * types, bad encodings in paths and queries and garbage cookies. Every answer must be 2xx or
 * 4xx with the documented JSON error body; 503 is allowed (a dependency is down), nothing else
 * in 5xx is. Vision endpoints may answer 422 for images they cannot use.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { errorBodySchema } from '../../src/server/http/errors';
import { loadFunctions, samplePath, type LoadedFunction } from '../support/function-catalogue';
import { useVisionEnv } from '../support/vision-env';

useVisionEnv();
let functions: LoadedFunction[];
beforeAll(async () => {
  vi.stubEnv('CONTACT_RATE_LIMIT', '100000');
  vi.stubEnv('ADMIN_USERNAME', 'admin');
  vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword('fuzz-password', { N: 1024, r: 8, p: 1 }));
  vi.stubEnv('SESSION_SECRET', 'fuzz-secret-'.padEnd(48, 'f'));
  functions = await loadFunctions();
}, 60_000);
let sent = 0;
afterAll(() => {
  vi.unstubAllEnvs();
  console.info(
    `[fuzz] ${sent} requests to ${functions.length} functions, every answer 2xx/4xx (or 503) with the JSON error body`,
  );
});

const NUL = '\u0000';
/** Field names the endpoints read, each given hostile values. */
const FIELDS = [
  'name',
  'email',
  'message',
  'pageName',
  'username',
  'password',
  'image_urls',
  'image_url',
  'mode',
  'category',
  'error_checks',
  'definitions',
  'objects_to_find',
  'room_category',
];
const HOSTILE_VALUES: unknown[] = [
  NUL,
  `a${NUL}b`,
  'x'.repeat(100_000),
  12,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  [NUL],
  { [NUL]: NUL },
  '%00',
  '\uD800',
  '<script>alert(1)</script>',
];

/** Request bodies: [content type, body]. */
function bodies(): [string | null, BodyInit | null][] {
  const json = 'application/json';
  const list: [string | null, BodyInit | null][] = [
    [json, '{"a":'],
    [json, ''],
    [json, 'null'],
    [json, '[]'],
    [json, '"just a string"'],
    [json, '123'],
    [json, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'],
    [json, `{"name":"\\u0000","email":"a\\u0000@example.com","message":"\\u0000","pageName":"\\u0000"}`],
    [json, JSON.stringify({ definitions: [{ category: `a${NUL}`, objects: [NUL] }] })],
    [json, JSON.stringify({ definitions: [{ category: 'odd', objects: ['!!!', '---'] }] })],
    [
      json,
      JSON.stringify({
        image_urls: ['not a url', 'ftp://x/y', `http://x/${NUL}`],
        mode: 'both',
        error_checks: 'many',
      }),
    ],
    [json, JSON.stringify({ image_urls: 'http://example.com/a.jpg' })],
    [json, JSON.stringify({ objects_to_find: NUL, image_url: NUL, room_category: NUL })],
    [json, JSON.stringify({ username: NUL, password: NUL })],
    [json, `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    [json, `{"big":"${'x'.repeat(2 * 1024 * 1024)}"}`],
    [json, new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d])],
    ['application/json; charset=utf-16', '{"a":1}'],
    ['text/plain', '{"name":"a"}'],
    ['application/x-www-form-urlencoded', 'name=a&email=b'],
    [
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nnot an image\r\n--zzz--\r\n',
    ],
    ['multipart/form-data; boundary=zzz', '--zzz\r\nbroken'],
    ['multipart/form-data', 'no boundary at all'],
    [
      `multipart/form-data; boundary=b`,
      `--b\r\nContent-Disposition: form-data; name="objects_to_find"\r\n\r\n${NUL}\r\n--b\r\nContent-Disposition: form-data; name="image_url"\r\n\r\n${NUL}\r\n--b--\r\n`,
    ],
    [null, null],
  ];
  for (const field of FIELDS) {
    for (const value of HOSTILE_VALUES) list.push([json, JSON.stringify({ [field]: value })]);
  }
  return list;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PARAM_VALUES = [
  '%00',
  '%ZZ',
  '%E0%A4%A',
  'x'.repeat(5000),
  '..',
  '%2e%2e%2f',
  '%F0%9F%92%A9',
  'a%00b',
  '%C0%AE',
];
const QUERIES = [
  '',
  '?limit=abc',
  '?limit=-1&cursor=%00',
  `?cursor=${'x'.repeat(5000)}`,
  '?cursor=%ZZ',
  '?limit=1e999',
  '?limit=1&limit=2',
  '?cursor=eyJ0IjoiXHUwMDAwIn0',
];
const COOKIES = [
  undefined,
  `${SESSION_COOKIE}=%00`,
  `${SESSION_COOKIE}=${'A'.repeat(43)}`,
  `${SESSION_COOKIE}=%ZZ; other=1`,
  `${SESSION_COOKIE}=${'x'.repeat(8000)}`,
];

let clients = 0;
/** A fresh client address per request: rate limits would otherwise answer 429 to everything. */
const nextIp = () => {
  clients += 1;
  return `198.18.${Math.floor(clients / 250) % 250}.${clients % 250}`;
};

interface Case {
  method: string;
  path: string;
  type: string | null;
  body: BodyInit | null;
  cookie?: string | undefined;
  origin?: string;
}

async function check(fn: LoadedFunction, c: Case, failures: string[]) {
  const headers = new Headers({ 'x-nf-client-connection-ip': nextIp(), 'x-forwarded-for': nextIp() });
  if (c.type) headers.set('content-type', c.type);
  if (c.cookie) headers.set('cookie', c.cookie);
  if (c.origin) headers.set('origin', c.origin);
  const hasBody = c.body !== null && c.method !== 'GET' && c.method !== 'HEAD';
  const req = new Request(`http://localhost${c.path}`, {
    method: c.method,
    headers,
    ...(hasBody ? { body: c.body } : {}),
  });
  const label = `${fn.name}: ${c.method} ${c.path.slice(0, 80)} [${c.type}] ${typeof c.body === 'string' ? c.body.slice(0, 60) : ''}`;
  let res: Response;
  sent += 1;
  try {
    // The route parameters as the router hands them to the function.
    const pathname = new URL(req.url).pathname;
    const params = fn.routes.map((r) => r.match(pathname)).find((p) => p !== null) ?? {};
    res = await fn.mod.default(req, { ip: '127.0.0.1', params, requestId: 'fuzz' });
  } catch (error) {
    failures.push(`${label}: threw ${String(error)}`);
    return;
  }
  const ok =
    (res.status >= 200 && res.status < 300) || (res.status >= 400 && res.status < 500) || res.status === 503;
  if (!ok)
    failures.push(
      `${label}: status ${res.status} ${await res
        .clone()
        .text()
        .catch(() => '')}`,
    );
  if (res.status >= 400 && c.method !== 'HEAD') {
    const text = await res.text();
    let parsed = false;
    try {
      parsed = errorBodySchema.safeParse(JSON.parse(text)).success;
    } catch {
      parsed = false;
    }
    if (!parsed) failures.push(`${label}: ${res.status} without the JSON error body: ${text.slice(0, 120)}`);
  } else {
    await res.body?.cancel();
  }
}

describe('fuzz of every function', () => {
  it('covers every function with a path (scheduled functions have none and take no requests)', () => {
    expect(functions.filter((fn) => fn.routes.length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('answers malformed bodies, wrong types, NULs, huge bodies and odd content types on every route with 2xx/4xx JSON', async () => {
    const failures: string[] = [];
    for (const fn of functions) {
      for (const route of fn.routes) {
        const path = samplePath(route.pattern);
        for (const [type, body] of bodies()) {
          for (const method of ['POST', 'PUT']) await check(fn, { method, path, type, body }, failures);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers every method, odd path parameters, queries, cookies and origins with 2xx/4xx JSON', async () => {
    const failures: string[] = [];
    for (const fn of functions) {
      for (const route of fn.routes) {
        const paths =
          route.pattern.includes(':') || route.pattern.includes('*')
            ? PARAM_VALUES.map((v) => samplePath(route.pattern, v))
            : [route.pattern, `${route.pattern}/`, `${route.pattern}%00`];
        for (const path of paths) {
          for (const method of METHODS) await check(fn, { method, path, type: null, body: null }, failures);
        }
        for (const query of QUERIES) {
          for (const cookie of COOKIES) {
            await check(
              fn,
              { method: 'GET', path: `${samplePath(route.pattern)}${query}`, type: null, body: null, cookie },
              failures,
            );
          }
        }
        for (const origin of ['null', 'https://evil.example', 'not a url']) {
          await check(
            fn,
            {
              method: 'POST',
              path: samplePath(route.pattern),
              type: 'application/json',
              body: '{}',
              cookie: COOKIES[2],
              origin,
            },
            failures,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
