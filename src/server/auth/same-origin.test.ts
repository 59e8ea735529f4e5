import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { assertSameOrigin } from './same-origin';

const request = (headers: Record<string, string>) =>
  new Request('http://127.0.0.1:4321/api/auth/login', { method: 'POST', headers });
const verdict = (headers: Record<string, string>, env: Record<string, string | undefined> = {}) => {
  try {
    assertSameOrigin(request(headers), env);
    return 'allowed';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
};

describe('assertSameOrigin', () => {
  it('allows a request from this host and one with no browser headers', () => {
    expect(verdict({ Origin: 'http://127.0.0.1:4321', 'Sec-Fetch-Site': 'same-origin' })).toBe('allowed');
    expect(verdict({})).toBe('allowed');
  });

  it('refuses another origin and another site', () => {
    expect(verdict({ Origin: 'https://evil.example' })).toBe(403);
    expect(verdict({ 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
    expect(verdict({ Origin: 'null' })).toBe(403);
  });

  it('ignores X-Forwarded-Host written by the client when no proxy is trusted', () => {
    expect(verdict({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' })).toBe(403);
    expect(
      verdict({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }, { TRUST_PROXY: '0' }),
    ).toBe(403);
  });

  it('behind TRUST_PROXY, takes the host the outermost trusted proxy recorded', () => {
    const env = { TRUST_PROXY: '1' };
    expect(verdict({ Origin: 'https://optiq.example', 'X-Forwarded-Host': 'optiq.example' }, env)).toBe(
      'allowed',
    );
    // The client's own entry sits left of the proxy's and counts for nothing.
    expect(
      verdict({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example, optiq.example' }, env),
    ).toBe(403);
    expect(
      verdict({ Origin: 'https://optiq.example', 'X-Forwarded-Host': 'evil.example, optiq.example' }, env),
    ).toBe('allowed');
    expect(
      verdict(
        { Origin: 'https://optiq.example', 'X-Forwarded-Host': 'optiq.example, proxy.internal' },
        { TRUST_PROXY: '2' },
      ),
    ).toBe('allowed');
  });
});
