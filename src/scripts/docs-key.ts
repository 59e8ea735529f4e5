/**
 * The docs' key picker (src/components/docs/DocsKeyPicker.astro): a signed-in reader picks one
 * of their API keys and the page's samples, the quick start's export line and Try it use it.
 *
 * A key's secret is shown once, at creation, so only a key created in this browser tab (kept in
 * sessionStorage by the dashboard, src/scripts/api-key-store.ts) can be written into the samples;
 * for any other key the samples keep reading `$OPTIQ_API_KEY` and the picker shows the export line
 * to set it, naming the key by its prefix and last four characters. Signed out (no signed-in hint
 * cookie) it asks nothing of the server, so a signed-out visit makes no request that answers 401.
 * Plain DOM, no framework: the docs pages ship no React for it.
 */
import { browserStores, saveKey } from '../islands/try-it/try-it';
import { hasSignedInHint } from '../shared/signed-in-hint';
import { chooseKeyId, chosenKeyId, createdKeyIds, createdKeySecret, DOCS_KEY_EVENT } from './api-key-store';

/** An active key as the picker lists it (from GET /api/account/keys). */
export interface PickerKey {
  id: string;
  name: string;
  prefix: string;
  last4: string;
}

/** The active keys of a GET /api/account/keys answer (`{ keys: [...] }`); anything else in it is ignored. */
export function activeKeys(body: unknown): PickerKey[] {
  const list = body && typeof body === 'object' ? (body as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((k: unknown) => {
    if (!k || typeof k !== 'object') return [];
    const { id, name, prefix, last4, revoked_at } = k as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof prefix !== 'string') return [];
    if (typeof last4 !== 'string' || revoked_at) return [];
    return [{ id, name, prefix, last4 }];
  });
}

/** "production (optiq_live_…a1b2)". */
export const keyLabel = (k: PickerKey): string => `${k.name} (${k.prefix}…${k.last4})`;

/**
 * The key to start with: the one picked before if it is still active, else the newest key
 * created in this tab, else none ('').
 */
export function initialKeyId(
  keys: readonly PickerKey[],
  chosen: string | undefined,
  created: readonly string[],
): string {
  const active = new Set(keys.map((k) => k.id));
  if (chosen !== undefined && (chosen === '' || active.has(chosen))) return chosen;
  return [...created].reverse().find((id) => active.has(id)) ?? '';
}

/** What the samples and the status line say for a choice. */
export function describeChoice(
  key: PickerKey | undefined,
  secret: string | undefined,
): { fill: string | undefined; status: string; exportLine: string | undefined } {
  if (!key)
    return {
      fill: undefined,
      status: 'The samples read your key from $OPTIQ_API_KEY.',
      exportLine: undefined,
    };
  if (secret)
    return {
      fill: secret,
      status: `The samples, the quick start and Try it use your key “${key.name}”. It was created in this tab, so this tab keeps it until you close it; nothing is sent anywhere.`,
      exportLine: undefined,
    };
  return {
    fill: undefined,
    status: `“${key.name}” was not created in this tab, and a key is shown only once: the samples read it from $OPTIQ_API_KEY. Set it once in your terminal with the key you saved:`,
    exportLine: `export OPTIQ_API_KEY="${key.prefix}…${key.last4}"  # paste the whole key`,
  };
}

/** Every key slot of the page's code, with the text it was built with. */
function keySlots(): { el: HTMLElement; original: string }[] {
  return [...document.querySelectorAll<HTMLElement>('[data-api-key]')].map((el) => {
    el.dataset['apiKeyOriginal'] ??= el.innerHTML;
    return { el, original: el.dataset['apiKeyOriginal'] };
  });
}

function apply(root: HTMLElement, keys: readonly PickerKey[], id: string): void {
  const stores = browserStores();
  const key = keys.find((k) => k.id === id);
  const secret = key ? createdKeySecret(stores.session, key.id) : undefined;
  const { fill, status, exportLine } = describeChoice(key, secret);
  for (const { el, original } of keySlots()) {
    if (fill === undefined) el.innerHTML = original;
    else el.textContent = fill;
  }
  const statusEl = root.querySelector<HTMLElement>('[data-docs-key-status]');
  if (statusEl) statusEl.textContent = status;
  const exportEl = root.querySelector<HTMLElement>('[data-docs-key-export]');
  if (exportEl) {
    exportEl.hidden = exportLine === undefined;
    const code = exportEl.querySelector('code');
    if (code) code.textContent = exportLine ?? '';
  }
  if (secret) {
    // Try it reads this on mount, and listens for a later choice.
    saveKey(stores, secret, false);
    window.dispatchEvent(new CustomEvent(DOCS_KEY_EVENT, { detail: { key: secret } }));
  }
}

async function start(root: HTMLElement): Promise<void> {
  const signedOut = root.querySelector<HTMLElement>('[data-docs-key-signed-out]');
  const signedIn = root.querySelector<HTMLElement>('[data-docs-key-signed-in]');
  const select = root.querySelector<HTMLSelectElement>('select');
  const statusEl = root.querySelector<HTMLElement>('[data-docs-key-status]');
  if (!signedOut || !signedIn || !select || !statusEl) return;
  if (!hasSignedInHint(document.cookie)) return;

  signedOut.hidden = true;
  signedIn.hidden = false;
  select.disabled = true;
  statusEl.textContent = 'Loading your keys...';
  let keys: PickerKey[];
  try {
    const res = await fetch('/api/account/keys', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (res.status === 401) {
      // The session ended: back to the signed-out hint.
      signedOut.hidden = false;
      signedIn.hidden = true;
      return;
    }
    if (!res.ok) throw new Error(String(res.status));
    keys = activeKeys(await res.json());
  } catch {
    statusEl.textContent = 'Your keys could not be loaded; the samples read your key from $OPTIQ_API_KEY.';
    return;
  }
  if (keys.length === 0) {
    statusEl.textContent = 'You have no active key yet: create one in your dashboard, then come back.';
    return;
  }
  for (const k of keys) select.add(new Option(keyLabel(k), k.id));
  const stores = browserStores();
  select.value = initialKeyId(keys, chosenKeyId(stores.local), createdKeyIds(stores.session));
  select.disabled = false;
  apply(root, keys, select.value);
  select.addEventListener('change', () => {
    chooseKeyId(stores.local, select.value);
    apply(root, keys, select.value);
  });
}

/** Starts every picker of the page. */
export function initDocsKeyPickers(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-docs-key]')) void start(root);
}
