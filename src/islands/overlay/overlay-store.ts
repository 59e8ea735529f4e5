/**
 * Which shared dialog is open, kept outside React so `mountOverlay()` can answer page scripts
 * synchronously, even before React has rendered its first frame.
 */
import type { SubscribeTarget } from './types';

export interface OverlayState {
  contact: { open: boolean; pageName: string };
  subscribe: { open: boolean; target: SubscribeTarget | null };
  signup: { open: boolean };
  /** The control that opened the dialog: focus goes back to it when the dialog closes. */
  opener: HTMLElement | null;
}

let state: OverlayState = {
  contact: { open: false, pageName: '' },
  subscribe: { open: false, target: null },
  signup: { open: false },
  opener: null,
};
const listeners = new Set<() => void>();

function set(next: OverlayState): void {
  state = next;
  for (const fn of listeners) fn();
}

// Opening one dialog closes the others: two stacked modals would fight over focus.
const allClosed = (s: OverlayState, opener: HTMLElement | null): OverlayState => ({
  contact: { ...s.contact, open: false },
  subscribe: { ...s.subscribe, open: false },
  signup: { open: false },
  opener,
});

export const overlayStore = {
  get: (): OverlayState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  openContact(pageName: string, opener: HTMLElement | null = null): void {
    set({ ...allClosed(state, opener), contact: { open: true, pageName } });
  },
  openSubscribe(target: SubscribeTarget, opener: HTMLElement | null = null): void {
    set({ ...allClosed(state, opener), subscribe: { open: true, target } });
  },
  openSignup(opener: HTMLElement | null = null): void {
    set({ ...allClosed(state, opener), signup: { open: true } });
  },
  close(which: 'contact' | 'subscribe' | 'signup'): void {
    set({ ...state, [which]: { ...state[which], open: false } });
  },
};
