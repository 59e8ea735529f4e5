// Temporary overlay root: replaced by the dialogs of the contact issue.
import type { OverlayApi } from './types';

export function mountOverlay(): OverlayApi {
  return {
    openContact: () => {},
    openSubscribe: () => {},
    openSignup: () => {},
    toast: () => {},
  };
}
