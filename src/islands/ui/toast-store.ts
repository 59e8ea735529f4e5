/**
 * Toast state outside React, so plain scripts (`toast()` in src/scripts/overlay.ts) and every
 * island share one queue. Only one toast shows at a time: a new one replaces it.
 */

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  /** Display time in ms. */
  duration: number;
  open: boolean;
  /** A link under the text, e.g. to the dashboard. */
  link?: { label: string; href: string };
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  link?: { label: string; href: string };
}

/** Default display time. */
export const TOAST_DURATION_MS = 5000;
/** At most this many toasts are shown. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in state (for its exit) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: readonly ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastData[]): void {
  toasts = next;
  for (const fn of listeners) fn();
}

/** Shows a toast, replacing any shown one; returns its id. */
export function showToast({
  title,
  description,
  variant = 'default',
  duration = TOAST_DURATION_MS,
  link,
}: ToastOptions): number {
  const id = nextId++;
  const toast: ToastData = {
    id,
    title,
    variant,
    duration,
    open: true,
    ...(description ? { description } : {}),
    ...(link ? { link } : {}),
  };
  emit([toast, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes a toast (or all); it is removed from state after the removal delay. */
export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        emit(toasts.filter((x) => x.id !== t.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** Current toasts, newest first. */
export function getToasts(): readonly ToastData[] {
  return toasts;
}

/** For useSyncExternalStore. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
