import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyOperation, revokeKeyOperation, signupOperation } from '../../shared/contracts/account';
import { fillPath, request } from './request';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends the contract method, path and JSON body and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () =>
      json(201, { id: 'k1', name: 'ci', key: 'optiq_live_abcd1234', prefix: 'optiq_live_', last4: '1234', created_at: '2026-11-01T00:00:00Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await request(createKeyOperation, { body: { name: 'ci' } });
    expect(result).toEqual({ ok: true, data: expect.objectContaining({ key: 'optiq_live_abcd1234', last4: '1234' }) });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/keys');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"ci"}');
    expect(init.credentials).toBe('same-origin');
  });

  it('fills path parameters', async () => {
    expect(fillPath(revokeKeyOperation.path, { id: 'a/b' })).toBe('/api/account/keys/a%2Fb');
    expect(() => fillPath(revokeKeyOperation.path)).toThrow(/id/);
  });

  it('returns the documented error with its field messages', async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, { error: { code: 'CONFLICT', message: 'That username is taken', details: { fields: { username: ['That username is taken'] } } }, request_id: 'r1' }),
    );
    const result = await request(signupOperation, { body: { username: 'ann', email: 'a@b.co', password: 'long enough pw' } });
    expect(result).toEqual({
      ok: false,
      error: { status: 409, code: 'CONFLICT', message: 'That username is taken', fields: { username: ['That username is taken'] } },
    });
  });

  it('reads Retry-After of a rate-limited answer', async () => {
    vi.stubGlobal('fetch', async () => json(429, { error: { code: 'RATE_LIMITED', message: 'Too many', details: null }, request_id: 'r' }, { 'Retry-After': '30' }));
    const result = await request(signupOperation, { body: { username: 'ann', email: 'a@b.co', password: 'x' } });
    expect(result.ok || result.error.retryAfterSeconds).toBe(30);
  });

  it('turns a network failure, a non-JSON error and an off-contract answer into typed errors', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await request(signupOperation, { body: { username: 'a', email: 'b', password: 'c' } });
    expect(offline.ok ? null : offline.error.code).toBe('NETWORK_ERROR');

    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const gateway = await request(signupOperation, { body: { username: 'a', email: 'b', password: 'c' } });
    expect(gateway).toEqual({ ok: false, error: { status: 502, code: 'BAD_RESPONSE', message: '502: Bad Gateway', fields: {} } });

    vi.stubGlobal('fetch', async () => json(201, { user: { id: 1 } }));
    const odd = await request(signupOperation, { body: { username: 'a', email: 'b', password: 'c' } });
    expect(odd.ok ? null : odd.error.code).toBe('BAD_RESPONSE');
  });
});
