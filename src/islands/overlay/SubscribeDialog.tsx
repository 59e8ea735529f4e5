import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { showToast } from '../ui/toast-store';
import type { SubscribeTarget } from './types';

/** Simulated subscription time (spec 9): no server call is made. */
export const SUBSCRIBE_DELAY_MS = 1500;

/** "$0.05": per-request prices can have more than two decimals. */
export function formatPricePerRequest(price: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(price);
}

interface Props {
  open: boolean;
  target: SubscribeTarget | null;
  onClose: () => void;
}

/** Simulated API subscription (spec 4): open, processing for 1.5 s, closed with a toast. */
export function SubscribeDialog({ open, target, onClose }: Props) {
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const subscribe = async () => {
    if (!target || processing) return;
    setProcessing(true);
    try {
      await new Promise<void>((resolve) => {
        timer.current = setTimeout(resolve, SUBSCRIBE_DELAY_MS);
      });
      onClose();
      showToast({
        title: 'Success!',
        description: `Successfully subscribed to ${target.apiName}. Your API key will be available in your dashboard.`,
      });
    } catch {
      showToast({ title: 'Error', description: 'Failed to create subscription. Please try again.', variant: 'destructive' });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !processing) onClose();
      }}
    >
      <DialogContent data-testid="subscribe-dialog">
        <DialogHeader>
          <DialogTitle>Subscribe to {target?.apiName ?? 'this API'}</DialogTitle>
          <DialogDescription>Pay per use: you are billed only for the requests you make.</DialogDescription>
        </DialogHeader>
        {target ? (
          <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted">API</dt>
              <dd className="font-semibold text-ink">{target.apiName}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted">Price</dt>
              <dd className="font-semibold text-ink">{formatPricePerRequest(target.price)} per request</dd>
            </div>
          </dl>
        ) : null}
        <p className="text-sm text-muted">
          After subscribing, your API key will be available in your dashboard. Send it as a bearer token in the
          Authorization header of each request.
        </p>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            Cancel
          </Button>
          <Button onClick={() => void subscribe()} disabled={processing || !target} aria-live="polite">
            {processing ? 'Processing...' : 'Subscribe'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
