import { describe, expect, it } from 'vitest';
import { buildInit, KEY_STORAGE, loadKey, saveKey, sendTry, type KeyStores } from './try-it';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
};

describe('key storage', () => {
  it('keeps a pasted key for the tab only, unless the visitor asks to be remembered', () => {
    const session = memory();
    const local = memory();
    const stores: KeyStores = { session, local };
    saveKey(stores, 'k1', false);
    expect(session.m.get(KEY_STORAGE)).toBe('k1');
    expect(local.m.has(KEY_STORAGE)).toBe(false);
    expect(loadKey(stores)).toEqual({ key: 'k1', remember: false });
    saveKey(stores, 'k2', true);
    expect(local.m.get(KEY_STORAGE)).toBe('k2');
    expect(session.m.has(KEY_STORAGE)).toBe(false);
    expect(loadKey(stores)).toEqual({ key: 'k2', remember: true });
    saveKey(stores, '', true);
    expect(loadKey(stores)).toEqual({ key: '', remember: false });
  });
});

describe('buildInit', () => {
  it('sends JSON with a bearer key, and the session cookie same-origin only', () => {
    const init = buildInit({
      method: 'POST',
      url: '/api/v1/detect',
      auth: 'key',
      key: ' abc ',
      json: '{"a":1}',
    });
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init.headers).toEqual({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(buildInit({ method: 'POST', url: '/x', auth: 'session', key: 'abc', json: '{}' }).headers).toEqual(
      { 'Content-Type': 'application/json' },
    );
  });

  it('refuses a body that is not JSON, before sending anything', () => {
    expect(() => buildInit({ method: 'POST', url: '/x', auth: 'session', key: '', json: '{oops' })).toThrow(
      /not valid JSON/,
    );
  });

  it('builds a multipart form with the file and the non-empty fields, leaving the boundary to the browser', () => {
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    const init = buildInit({
      method: 'POST',
      url: '/x',
      auth: 'session',
      key: '',
      form: { fields: { objects_to_find: 'dog', image_url: '' }, file },
    });
    const form = init.body as FormData;
    expect(form.get('objects_to_find')).toBe('dog');
    expect(form.has('image_url')).toBe(false);
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(init.headers).toEqual({});
  });
});

describe('sendTry', () => {
  it('reports status, headers, pretty JSON and timing', async () => {
    let t = 100;
    const fetcher = (async () =>
      new Response('{"ok":true}', {
        status: 201,
        headers: { 'x-request-id': 'r1' },
      })) as unknown as typeof fetch;
    const result = await sendTry(
      { method: 'POST', url: '/x', auth: 'session', key: '', json: '{}' },
      fetcher,
      () => (t += 25),
    );
    expect(result).toMatchObject({ status: 201, body: '{\n  "ok": true\n}', ms: 25 });
    expect(result.headers).toContainEqual(['x-request-id', 'r1']);
  });
});
