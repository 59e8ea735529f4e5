import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, errorInfo, invalidate, query, subscribe } from './api-client';

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
    expect(info).toEqual({ message: 'email: Invalid email', code: 'INVALID_REQUEST', status: 400, fields: { email: ['Invalid email'] } });
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
