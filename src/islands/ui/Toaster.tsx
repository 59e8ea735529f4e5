import { useSyncExternalStore } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './Toast';
import { dismissToast, getToasts, subscribeToasts } from './toast-store';

/** Renders the shared toast store; mount once per page (the overlay root does). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastProvider swipeDirection="right" label="Notifications">
      {toasts.map((t) => (
        <Toast
          key={t.id}
          open={t.open}
          duration={t.duration}
          variant={t.variant}
          // Errors interrupt screen readers; confirmations wait their turn.
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <ToastTitle>{t.title}</ToastTitle>
          {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
          {t.link ? (
            <a href={t.link.href} className="mt-1 text-sm font-semibold underline underline-offset-2">
              {t.link.label}
            </a>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
