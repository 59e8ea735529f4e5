import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { showToast } from '../ui/toast-store';
import { OverlayRoot } from './OverlayRoot';
import { overlayStore } from './overlay-store';
import type { OverlayApi } from './types';

/**
 * Mounts the shared dialogs and the toaster once per page (src/scripts/overlay.ts calls this on
 * first use) and returns the API page scripts drive them with.
 */
export function mountOverlay(): OverlayApi {
  const host = document.createElement('div');
  host.id = 'overlay-root';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <OverlayRoot />
    </StrictMode>,
  );
  return {
    openContact: (pageName, opener) => overlayStore.openContact(pageName, opener),
    openSubscribe: (target, opener) => overlayStore.openSubscribe(target, opener),
    openSignup: (opener) => overlayStore.openSignup(opener),
    toast: (input) => {
      showToast(input);
    },
  };
}
