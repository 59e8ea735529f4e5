import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  invalidate,
  operationUrl,
  parseRetryAfter,
  query,
  rateLimitMessage,
  request,
  subscribe,
} from './api-client';
import { adminSessionOperation } from './contracts/admin-auth';
import { getApiOperation, listApisOperation } from './contracts/catalogue';
import { createContactOperation, listContactsOperation } from './contracts/contacts';
import { demoObjectDetectionOperation } from './contracts/object-detection';

function mockFetch(...responses: (Response | Error)[]) {
  const fn = vi.fn<typeof fetch>();
  for (const r of responses) {
    if (r instanceof Error) fn.mockRejectedValueOnce(r);
    else fn.mockResolvedValueOnce(r);
  }
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const contact = { name: 'Ada', email: 'ada@example.com', message: 'Hi', pageName: 'Home' };
const stored = { ...contact, id: 'c1', createdAt: '2026-01-01T00:00:00.000Z' };
const errorBody = (code: string, message: string, details: unknown = null) => ({
  error: { code, message, details },
  request_id: 'r1',
});

describe('request', () => {
  it('sends JSON with a content type only when there is a body, always with credentials', async () => {
    const fetchMock = mockFetch(
      Response.json(stored, { status: 201 }),
      Response.json({ authenticated: false }),
    );
    expect(await request(createContactOperation, { body: contact })).toEqual({
      ok: true,
      data: stored,
      status: 201,
    });
    expect(await request(adminSessionOperation)).toEqual({
      ok: true,
      data: { authenticated: false },
      status: 200,
    });
    const [url, post] = fetchMock.mock.calls[0]!;
    const [, get] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/contacts');
    expect(post).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify(contact),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(get).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(get).not.toHaveProperty('headers');
    expect(get).not.toHaveProperty('body');
  });

  it('fills path parameters and the query from the contract', async () => {
    const fetchMock = mockFetch(Response.json({ items: [stored], total: 1, next_cursor: null }));
    await request(listContactsOperation, { query: { limit: 25, cursor: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/contacts?limit=25');
    expect(operationUrl(getApiOperation, { id: 'a b/c' })).toBe('/api/apis/a%20b%2Fc');
    expect(() => operationUrl(getApiOperation, {})).toThrow(/id/);
    // An object has no text of its own: it must not reach the URL as "[object Object]".
    expect(() => operationUrl(getApiOperation, { id: { slug: 'x' } })).toThrow(/"id" must be a string/);
    expect(() => operationUrl(getApiOperation, { id: 'x' }, { filter: { a: 1 } })).toThrow(
      /"filter" must be a string/,
    );
    expect(operationUrl(getApiOperation, { id: 7 }, { limit: 5, open: true })).toBe(
      '/api/apis/7?limit=5&open=true',
    );
  });

  it('sends a FormData upload as multipart, leaving the content type (and boundary) to the browser', async () => {
    const fetchMock = mockFetch(Response.json(errorBody('INVALID_IMAGE', 'Not an image'), { status: 422 }));
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.jpg');
    form.set('objects_to_find', 'dog');
    const result = await request(demoObjectDetectionOperation, { body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(init).not.toHaveProperty('headers');
    expect(result).toMatchObject({
      ok: false,
      error: { status: 422, code: 'INVALID_IMAGE', message: 'Not an image' },
    });
  });

  it('parses the answer with the operation response schema: another shape is a BAD_RESPONSE, not data', async () => {
    mockFetch(Response.json([{ id: 'x' }]), new Response('<html>', { status: 200 }));
    expect(await request(listApisOperation)).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', status: 200 },
    });
    expect(await request(listApisOperation)).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', message: '200: the answer is not JSON' },
    });
  });

  it('reads the documented error body: code, message, field errors and details', async () => {
    const fields = { email: ['Please enter a valid email address'] };
    mockFetch(
      Response.json(errorBody('INVALID_REQUEST', 'email: Please enter a valid email address', { fields }), {
        status: 400,
      }),
    );
    const result = await request(createContactOperation, { body: contact });
    expect(result).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'INVALID_REQUEST',
        message: 'email: Please enter a valid email address',
        fields,
        retryAfter: undefined,
        details: { fields },
        aborted: false,
      },
    });
  });

  it('words an undocumented error answer "status: body" or "status: statusText"', async () => {
    mockFetch(
      new Response('nope', { status: 400 }),
      new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    expect(await request(adminSessionOperation)).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', message: '400: nope' },
    });
    expect(await request(adminSessionOperation)).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', message: '503: Service Unavailable', status: 503 },
    });
  });

  it('turns a failed or aborted fetch into NETWORK_ERROR', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    mockFetch(new TypeError('Failed to fetch'), abort);
    expect(await request(adminSessionOperation)).toMatchObject({
      ok: false,
      error: { status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch', aborted: false },
    });
    expect(await request(adminSessionOperation)).toMatchObject({
      ok: false,
      error: { code: 'NETWORK_ERROR', aborted: true },
    });
  });
});

describe('query cache', () => {
  it('caches a result by its key until invalidated, and tells subscribers', async () => {
    const fetchMock = mockFetch(
      Response.json({ authenticated: false }),
      Response.json({ authenticated: false }),
    );
    const load = () => request(adminSessionOperation);
    expect(await query(['/api', 'auth/session'], load)).toMatchObject({ ok: true });
    expect(await query(['/api', 'auth/session'], load)).toMatchObject({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const listener = vi.fn();
    const off = subscribe('/api/auth', listener);
    invalidate('/api/auth');
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await query(['/api', 'auth/session'], load);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not cache failures', async () => {
    const fetchMock = mockFetch(
      new Response('down', { status: 500 }),
      Response.json({ authenticated: false }),
    );
    const load = () => request(adminSessionOperation);
    expect(await query(['/api/thing'], load)).toMatchObject({ ok: false, error: { message: '500: down' } });
    await Promise.resolve();
    expect(await query(['/api/thing'], load)).toMatchObject({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('rate limit answers', () => {
  it('keeps the Retry-After of a 429 and words the wait from it', async () => {
    mockFetch(
      Response.json(errorBody('RATE_LIMITED', 'Too many requests', { retry_after_seconds: 40 }), {
        status: 429,
        headers: { 'Retry-After': '40' },
      }),
    );
    const result = await request(createContactOperation, { body: contact });
    expect(result).toMatchObject({ ok: false, error: { status: 429, code: 'RATE_LIMITED', retryAfter: 40 } });
    if (!result.ok)
      expect(rateLimitMessage(result.error.retryAfter)).toBe(
        'Too many requests. Please try again in 40 seconds.',
      );
  });

  it('reads seconds and HTTP dates, and words seconds, minutes and an unknown wait', () => {
    expect(parseRetryAfter('1')).toBe(1);
    expect(parseRetryAfter(' 600 ')).toBe(600);
    expect(parseRetryAfter(new Date(1_000_000 + 90_000).toUTCString(), 1_000_000)).toBe(90);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(rateLimitMessage(1)).toBe('Too many requests. Please try again in 1 second.');
    expect(rateLimitMessage(60)).toBe('Too many requests. Please try again in 1 minute.');
    expect(rateLimitMessage(590)).toBe('Too many requests. Please try again in 10 minutes.');
    expect(rateLimitMessage(undefined)).toBe('Too many requests. Please wait a moment and try again.');
  });
});
