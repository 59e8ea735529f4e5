import type { ToastInput } from '../overlay/types';

/**
 * Shows a toast through the page-wide overlay. `scripts/overlay.ts` registers document
 * listeners when it is evaluated, so islands import it lazily: a static import would run it
 * during server rendering, where there is no document.
 */
export function notify(input: ToastInput): void {
  void import('../../scripts/overlay').then((m) => m.toast(input));
}
