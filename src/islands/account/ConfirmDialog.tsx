import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

const Body = lazy(() => import('./ConfirmDialogBody').then((m) => ({ default: m.ConfirmDialogBody })));

/**
 * "Are you sure?" before revoking a key or cancelling a subscription. The dialog's code (Radix)
 * loads the first time it opens, not with the dashboard: most visits never open it, and the
 * dashboard's first screen hydrates with less to parse. Once opened it stays mounted, so closing
 * animates and returns focus as usual.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}
