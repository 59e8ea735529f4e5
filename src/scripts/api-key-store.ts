/**
 * The docs' key picker's memory, in this browser only. A key's secret is shown once, when it is
 * created; the dashboard keeps the secrets of keys created in this tab in `sessionStorage`
 * (gone when the tab closes, never sent anywhere), so the docs can put the reader's own key in
 * the samples right after they create it. Which key the reader picked (an id, no secret) is kept
 * in `localStorage` so the choice survives a reload.
 */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SECRETS = 'optiq:created-keys';
const CHOSEN = 'optiq:docs-key';
/** Fired on window when the picker chooses a key with a known secret (Try it fills it in). */
export const DOCS_KEY_EVENT = 'optiq:docs-key';

function read(store: Store | undefined): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(SECRETS) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function write(store: Store | undefined, secrets: Record<string, string>): void {
  try {
    if (Object.keys(secrets).length === 0) store?.removeItem(SECRETS);
    else store?.setItem(SECRETS, JSON.stringify(secrets));
  } catch {
    // Storage refused (quota, privacy mode): the docs will show the key's prefix instead.
  }
}

/** Keeps a just-created key's secret for this tab (`store`: sessionStorage). */
export function rememberCreatedKey(store: Store | undefined, id: string, key: string): void {
  write(store, { ...read(store), [id]: key });
}

/** Forgets a key's secret (revoked). */
export function forgetCreatedKey(store: Store | undefined, id: string): void {
  const { [id]: _gone, ...rest } = read(store);
  write(store, rest);
}

/** The secret of a key created in this tab, if any. */
export function createdKeySecret(store: Store | undefined, id: string): string | undefined {
  return read(store)[id];
}

/** The ids of the keys created in this tab, oldest first. */
export function createdKeyIds(store: Store | undefined): string[] {
  return Object.keys(read(store));
}

/** The id of the key the reader picked in the docs ('' for none). */
export function chosenKeyId(store: Store | undefined): string | undefined {
  try {
    return store?.getItem(CHOSEN) ?? undefined;
  } catch {
    return undefined;
  }
}

export function chooseKeyId(store: Store | undefined, id: string): void {
  try {
    store?.setItem(CHOSEN, id);
  } catch {
    // Not remembered: the choice lasts until the page is left.
  }
}
