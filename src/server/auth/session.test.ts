import { describe, expect, it } from 'vitest';
import type { AdminConfig } from './config';
import { createSession, SESSION_TTL_MS, signSession, verifySession } from './session';

const config: AdminConfig = {
  username: 'admin',
  passwordHash: 'scrypt$1024$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
  sessionSecret: 'a'.repeat(40),
};
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('session cookie signing', () => {
  it('accepts its own fresh token', () => {
    const { token } = createSession(config, NOW);
    expect(verifySession(token, config, NOW + 1000)?.sub).toBe('admin');
  });

  it('refuses a token after its signed expiry', () => {
    const { token } = createSession(config, NOW);
    expect(verifySession(token, config, NOW + SESSION_TTL_MS - 1)).not.toBeNull();
    expect(verifySession(token, config, NOW + SESSION_TTL_MS)).toBeNull();
  });

  it('refuses a tampered payload (e.g. an extended expiry)', () => {
    const { token, payload } = createSession(config, NOW);
    const [, sig] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 1e9 })).toString('base64url');
    expect(verifySession(`${forgedBody}.${sig}`, config, NOW)).toBeNull();
  });

  it('refuses a token signed with another secret, a bad signature or garbage', () => {
    const { payload } = createSession(config, NOW);
    expect(verifySession(signSession(payload, 'b'.repeat(40)), config, NOW)).toBeNull();
    const { token } = createSession(config, NOW);
    expect(verifySession(`${token.slice(0, -3)}xyz`, config, NOW)).toBeNull();
    expect(verifySession('not-a-token', config, NOW)).toBeNull();
    expect(verifySession('a.b.c', config, NOW)).toBeNull();
    expect(verifySession('', config, NOW)).toBeNull();
    expect(verifySession(undefined, config, NOW)).toBeNull();
  });

  it('ends sessions when the user name or password hash changes', () => {
    const { token } = createSession(config, NOW);
    expect(verifySession(token, { ...config, username: 'root' }, NOW)).toBeNull();
    expect(verifySession(token, { ...config, passwordHash: `${config.passwordHash}x` }, NOW)).toBeNull();
  });

  it('refuses a correctly signed payload whose lifetime exceeds the maximum', () => {
    const token = signSession({ sub: 'admin', iat: NOW, exp: NOW + SESSION_TTL_MS * 10, pwd: createSession(config, NOW).payload.pwd }, config.sessionSecret);
    expect(verifySession(token, config, NOW)).toBeNull();
  });
});
