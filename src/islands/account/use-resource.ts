import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClientError, ApiResult } from '../../shared/api-client';

export type Resource<T> =
  { state: 'loading' } | { state: 'error'; error: ApiClientError } | { state: 'ready'; data: T };

/**
 * Loads one account resource on mount and on `reload()`; a 401 (the session ended) sends the
 * visitor to sign in again and back here.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
): [Resource<T>, () => void] {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    loadRef
      .current(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok && result.error.status === 401) {
          sendToSignIn();
          return;
        }
        setResource(
          result.ok ? { state: 'ready', data: result.data } : { state: 'error', error: result.error },
        );
      })
      .catch(() => {});
    return () => controller.abort();
  }, [version]);
  // Keeps the data on screen while it reloads after a change; only the first load shows "Loading".
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return [resource, reload];
}

/**
 * A 401 from an account call: the session ended, so go to sign in and come back here. Not after
 * the visitor clicked "Sign out" on this page: a call still in flight then answers 401 too, and
 * the sign-out's own navigation (home) wins.
 */
export function sendToSignIn(): void {
  if (document.documentElement.dataset['signingOut'] === '1') return;
  window.location.replace(`/login?next=${encodeURIComponent(window.location.pathname)}`);
}

/** Marks this page as signing out (see `sendToSignIn`), or no longer (the sign-out failed). */
export function markSigningOut(on = true): void {
  if (on) document.documentElement.dataset['signingOut'] = '1';
  else delete document.documentElement.dataset['signingOut'];
}
