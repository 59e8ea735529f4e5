/**
 * What the reference's "Try it" island does without React: where a pasted API key is kept
 * (sessionStorage for the tab, localStorage only when the visitor asks to be remembered),
 * how the request is built (JSON body or multipart form, session cookie or bearer key) and how
 * the answer is read (status, headers, JSON, timing).
 */

export const KEY_STORAGE = 'optiq:try-it-key';

export interface KeyStores {
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
}

/** The stores of this browser; either may be missing (private modes, blocked storage). */
export function browserStores(): KeyStores {
  const get = (name: 'sessionStorage' | 'localStorage') => {
    try {
      return window[name];
    } catch {
      return undefined;
    }
  };
  return { session: get('sessionStorage'), local: get('localStorage') };
}

/** The key remembered earlier, and whether it came from the device-wide store. */
export function loadKey(stores: KeyStores): { key: string; remember: boolean } {
  try {
    const local = stores.local?.getItem(KEY_STORAGE);
    if (local) return { key: local, remember: true };
    return { key: stores.session?.getItem(KEY_STORAGE) ?? '', remember: false };
  } catch {
    return { key: '', remember: false };
  }
}

/** Keeps the key for the tab, or on the device when `remember`; an empty key is forgotten everywhere. */
export function saveKey(stores: KeyStores, key: string, remember: boolean): void {
  try {
    stores.local?.removeItem(KEY_STORAGE);
    stores.session?.removeItem(KEY_STORAGE);
    if (!key) return;
    (remember ? stores.local : stores.session)?.setItem(KEY_STORAGE, key);
  } catch {
    // Storage refused (quota, privacy mode): the key still works for this request.
  }
}

export type AuthMode = 'session' | 'key';

export interface TryRequest {
  method: string;
  url: string;
  auth: AuthMode;
  key: string;
  /** JSON text for JSON operations. */
  json?: string;
  /** Form fields (and an optional file) for multipart operations. */
  form?: { fields: Record<string, string>; file?: File | Blob | null };
}

/** The fetch arguments of a try: throws a readable error when the JSON body does not parse. */
export function buildInit(req: TryRequest): RequestInit {
  const headers: Record<string, string> = {};
  if (req.auth === 'key' && req.key.trim()) headers['Authorization'] = `Bearer ${req.key.trim()}`;
  let body: BodyInit | undefined;
  if (req.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(req.form.fields)) if (v !== '') form.append(k, v);
    if (req.form.file) form.append('file', req.form.file);
    body = form;
  } else if (req.json !== undefined && req.method !== 'GET') {
    try {
      JSON.parse(req.json);
    } catch (error) {
      throw new Error(`The request body is not valid JSON: ${(error as Error).message}`);
    }
    headers['Content-Type'] = 'application/json';
    body = req.json;
  }
  // The session cookie goes along only to this site; a pasted key is sent explicitly.
  return { method: req.method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body }) };
}

export interface TryResult {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Pretty-printed JSON, or the raw text when the body is not JSON. */
  body: string;
  ms: number;
}

/** Sends the request and reads the whole answer. */
export async function sendTry(
  req: TryRequest,
  fetcher: typeof fetch = fetch,
  now: () => number = () => performance.now(),
): Promise<TryResult> {
  const init = buildInit(req);
  const start = now();
  const res = await fetcher(req.url, init);
  const text = await res.text();
  const ms = Math.round(now() - start);
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: show as is
  }
  return { status: res.status, statusText: res.statusText, headers: [...res.headers.entries()], body, ms };
}
