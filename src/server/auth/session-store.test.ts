import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import {
  createSession,
  findSession,
  hashSessionToken,
  pruneSessions,
  revokeSession,
  revokeSubjectSessions,
} from './session-store';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const NOW = Date.UTC(2026, 10, 22, 12);

describe('session store', () => {
  it('finds a live session by its token and stores only a hash of it', async () => {
    const { token, record } = await createSession(
      t.db,
      { kind: 'admin', subject: 'admin', credential: 'fp', ttlMs: 60_000 },
      NOW,
    );
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await findSession(t.db, token, 'admin', NOW + 1)).toMatchObject({
      id: record.id,
      subject: 'admin',
      credential: 'fp',
    });
    const rows = await t.db
      .withTables<{ sessions: { token_hash: string } }>()
      .selectFrom('sessions')
      .select('token_hash')
      .execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashSessionToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('ends a session at its expiry, on revocation, and for another kind', async () => {
    const { token } = await createSession(t.db, { kind: 'user', subject: 'u1', ttlMs: 60_000 }, NOW);
    expect(await findSession(t.db, token, 'admin', NOW)).toBeNull();
    expect(await findSession(t.db, token, 'user', NOW + 60_000)).toBeNull();
    expect(await findSession(t.db, token, 'user', NOW)).not.toBeNull();
    expect(await revokeSession(t.db, token, NOW)).toBe(true);
    expect(await revokeSession(t.db, token, NOW)).toBe(false);
    expect(await findSession(t.db, token, 'user', NOW)).toBeNull();
  });

  it('signs one subject out everywhere', async () => {
    const a = await createSession(t.db, { kind: 'user', subject: 'u2', ttlMs: 60_000 }, NOW);
    const b = await createSession(t.db, { kind: 'user', subject: 'u2', ttlMs: 60_000 }, NOW);
    const other = await createSession(t.db, { kind: 'user', subject: 'u3', ttlMs: 60_000 }, NOW);
    expect(await revokeSubjectSessions(t.db, 'user', 'u2', NOW)).toBe(2);
    expect(await findSession(t.db, a.token, 'user', NOW)).toBeNull();
    expect(await findSession(t.db, b.token, 'user', NOW)).toBeNull();
    expect(await findSession(t.db, other.token, 'user', NOW)).not.toBeNull();
  });

  it('refuses malformed tokens without a query and prunes expired rows', async () => {
    for (const bad of [undefined, '', 'x', '\u0000'.repeat(43), 'a'.repeat(44)])
      expect(await findSession(t.db, bad, 'admin', NOW)).toBeNull();
    expect(await pruneSessions(t.db, NOW + 120_000)).toBeGreaterThan(0);
    expect(await pruneSessions(t.db, NOW + 120_000)).toBe(0);
  });
});
