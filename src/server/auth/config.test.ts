import { describe, expect, it } from 'vitest';
import { readAdminConfig } from './config';
import { adminSetupHint } from './setup-hint';

const HASH = 'scrypt$1024$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

describe('admin configuration', () => {
  it('has no default credentials', () => {
    const result = readAdminConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(3);
    expect(adminSetupHint({})).toContain('ADMIN_PASSWORD_HASH');
  });

  it('refuses a short secret and a plaintext password', () => {
    const result = readAdminConfig({
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD_HASH: 'hunter2',
      SESSION_SECRET: 'short',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' ')).toMatch(/scrypt.*SESSION_SECRET is shorter/);
  });

  it('accepts a complete configuration and then gives no hint', () => {
    const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD_HASH: HASH, SESSION_SECRET: 's'.repeat(32) };
    expect(readAdminConfig(env)).toEqual({
      ok: true,
      config: { username: 'admin', passwordHash: HASH, sessionSecret: 's'.repeat(32) },
    });
    expect(adminSetupHint(env)).toBeNull();
  });
});
