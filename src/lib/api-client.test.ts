import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, errorInfo, invalidate, parseRetryAfter, query, rateLimitMessage, subscribe } from './api-client';

function mockFetch(...responses: Response[]) {
  const fn = vi.fn<typeof fetch>();
  for (const r of responses) fn.mockResolvedValueOnce(r);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with a content type only when there is a body, always with credentials', async () => {
    const fetchMock = mockFetch(Response.json({ ok: 1 }), Response.json([1]));
    await apiJson('POST', '/api/contacts', { name: 'A' });
    await apiJson('GET', '/api/contacts');
    const [, post] = fetchMock.mock.calls[0]!;
    const [, get] = fetchMock.mock.calls[1]!;
    expect(post).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"A"}', headers: { 'Content-Type': 'application/json' } });
    expect(get).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(get).not.toHaveProperty('headers');
    expect(get).not.toHaveProperty('body');
  });

  it('turns a non-OK answer into "status: body" or "status: statusText"', async () => {
    mockFetch(new Response('nope', { status: 400 }), new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiJson('GET', '/x')).rejects.toThrow('400: nope');
    await expect(apiJson('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('reads the documented error body for the message and field errors', () => {
    const body = JSON.stringify({
      error: { code: 'INVALID_REQUEST', message: 'email: Invalid email', details: { fields: { email: ['Invalid email'] } } },
      request_id: 'r1',
    });
    const info = errorInfo(new ApiError(400, 'Bad Request', body));
    expect(info).toEqual({
      message: 'email: Invalid email',
      code: 'INVALID_REQUEST',
      status: 400,
      retryAfterSeconds: undefined,
      fields: { email: ['Invalid email'] },
    });
    expect(errorInfo(new ApiError(500, 'Internal', 'oops')).message).toBe('500: oops');
    expect(errorInfo(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(errorInfo('weird').message).toBe('');
  });

  it('caches a query by its joined key until invalidated, and tells subscribers', async () => {
    const fetchMock = mockFetch(Response.json([1]), Response.json([2]));
    expect(await query(['/api', 'contacts'])).toEqual([1]);
    expect(await query(['/api', 'contacts'])).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/contacts');
    const listener = vi.fn();
    const off = subscribe('/api/contacts', listener);
    invalidate('/api/contacts');
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    expect(await query(['/api', 'contacts'])).toEqual([2]);
    invalidate(['/api', 'contacts']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not cache failures', async () => {
    const fetchMock = mockFetch(new Response('down', { status: 500 }), Response.json(['ok']));
    await expect(query(['/api/thing'])).rejects.toThrow('500: down');
    expect(await query(['/api/thing'])).toEqual(['ok']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('rate limit answers', () => {
  it('keeps the Retry-After of a 429 and words the wait from it', async () => {
    mockFetch(
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: { retry_after_seconds: 40 } }, request_id: 'r' },
        { status: 429, headers: { 'Retry-After': '40' } },
      ),
    );
    const error = await apiJson('POST', '/api/contacts', {}).catch((e: unknown) => e);
    const info = errorInfo(error);
    expect(info).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 40 });
    expect(rateLimitMessage(info.retryAfterSeconds)).toBe('Too many requests. Please try again in 40 seconds.');
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
