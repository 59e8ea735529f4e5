import { describe, expect, it } from 'vitest';
import {
  chooseKeyId,
  chosenKeyId,
  createdKeyIds,
  createdKeySecret,
  forgetCreatedKey,
  rememberCreatedKey,
} from './api-key-store';
import { activeKeys, describeChoice, initialKeyId, keyLabel, type PickerKey } from './docs-key';

function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const prod: PickerKey = { id: 'k1', name: 'production', prefix: 'optiq_live_', last4: 'a1b2' };
const ci: PickerKey = { id: 'k2', name: 'ci', prefix: 'optiq_live_', last4: 'c3d4' };

describe('the key store (this browser only)', () => {
  it('keeps created keys per tab, forgets revoked ones, and remembers the choice', () => {
    const session = memoryStore();
    rememberCreatedKey(session, 'k1', 'optiq_live_secret1');
    rememberCreatedKey(session, 'k2', 'optiq_live_secret2');
    expect(createdKeySecret(session, 'k1')).toBe('optiq_live_secret1');
    expect(createdKeyIds(session)).toEqual(['k1', 'k2']);
    forgetCreatedKey(session, 'k1');
    expect(createdKeySecret(session, 'k1')).toBeUndefined();
    forgetCreatedKey(session, 'k2');
    expect(session.getItem('optiq:created-keys')).toBeNull();

    const local = memoryStore();
    expect(chosenKeyId(local)).toBeUndefined();
    chooseKeyId(local, 'k2');
    expect(chosenKeyId(local)).toBe('k2');
    // No storage at all (blocked): nothing kept, nothing thrown.
    rememberCreatedKey(undefined, 'k1', 'x');
    expect(createdKeySecret(undefined, 'k1')).toBeUndefined();
  });

  it('ignores a store holding something else', () => {
    const session = memoryStore();
    session.setItem('optiq:created-keys', '["not", "a map"]');
    expect(createdKeyIds(session)).toEqual([]);
    session.setItem('optiq:created-keys', '{broken');
    expect(createdKeySecret(session, 'k1')).toBeUndefined();
  });
});

describe('the docs key picker', () => {
  it('lists only active keys of the keys answer', () => {
    expect(
      activeKeys({
        keys: [
          { ...prod, created_at: 'x', last_used_at: null, revoked_at: null },
          { ...ci, created_at: 'x', last_used_at: null, revoked_at: '2026-11-26T00:00:00Z' },
          { id: 3 },
        ],
      }),
    ).toEqual([prod]);
    expect(activeKeys({ error: {} })).toEqual([]);
    expect(activeKeys([prod])).toEqual([]);
    expect(keyLabel(prod)).toBe('production (optiq_live_…a1b2)');
  });

  it('starts with the key picked before, else the newest created in this tab, else none', () => {
    expect(initialKeyId([prod, ci], 'k2', ['k1'])).toBe('k2');
    expect(initialKeyId([prod, ci], '', ['k1'])).toBe('');
    expect(initialKeyId([prod, ci], 'gone', ['k1', 'k2'])).toBe('k2');
    expect(initialKeyId([prod], undefined, ['k2'])).toBe('');
  });

  it('fills the samples only with a secret this tab holds; otherwise shows the export line by prefix', () => {
    expect(describeChoice(undefined, undefined)).toMatchObject({ fill: undefined, exportLine: undefined });
    expect(describeChoice(prod, 'optiq_live_secret1')).toMatchObject({
      fill: 'optiq_live_secret1',
      exportLine: undefined,
    });
    const byPrefix = describeChoice(prod, undefined);
    expect(byPrefix.fill).toBeUndefined();
    expect(byPrefix.exportLine).toBe('export OPTIQ_API_KEY="optiq_live_…a1b2"  # paste the whole key');
    expect(byPrefix.status).toContain('shown only once');
  });
});
