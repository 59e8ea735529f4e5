import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { showToast } from '../ui/toast-store';
import { formatCount, formatWholeUsd } from '../../components/catalogue/format';
import { PAY_PER_USE_MINIMUM } from '../../components/catalogue/pricing-model';
import type { SubscribeTarget } from './types';

/** Simulated subscription time (spec 9): no server call is made. */
export const SUBSCRIBE_DELAY_MS = 1500;

/** "$0.05": per-request prices can have more than two decimals. */
export function formatPricePerRequest(price: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(price);
}

interface Props {
  open: boolean;
  /** The control that opened the dialog; focus returns to it on close. */
  opener?: HTMLElement | null;
  target: SubscribeTarget | null;
  onClose: () => void;
}

/** The success toast's text: the spec's, naming the chosen bundle when there is one. */
export function subscribedMessage(target: SubscribeTarget): string {
  const what = target.plan ? `${target.apiName} (${target.plan.name} plan)` : target.apiName;
  return `Successfully subscribed to ${what}. Your API key will be available in your dashboard.`;
}

/**
 * Simulated API subscription (spec 4): open, processing for 1.5 s, closed with a toast. It
 * subscribes to the plan the visitor chose: a tier card's monthly bundle, else pay per use.
 */
export function SubscribeDialog({ open, target, opener, onClose }: Props) {
  const plan = target?.plan;
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
      showToast({ title: 'Success!', description: subscribedMessage(target) });
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
      <DialogContent data-testid="subscribe-dialog" returnFocusTo={opener}>
        <DialogHeader>
          <DialogTitle>Subscribe to {target?.apiName ?? 'this API'}</DialogTitle>
          <DialogDescription>
            {plan
              ? 'Monthly bundle: a fixed monthly price for a prepaid number of requests.'
              : 'Pay per use: you are billed only for the requests you make.'}
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="subscribe-terms">
            <Row term="API" value={target.apiName} />
            {plan ? (
              <>
                <Row term="Plan" value={plan.name} />
                <Row term="Monthly price" value={`${formatWholeUsd(plan.monthlyPrice)}/month`} />
                <Row term="Included" value={`Up to ${formatCount(plan.requestsPerMonth)} requests/month`} />
                <Row term="Beyond the bundle" value={`${formatPricePerRequest(target.price)} per request`} />
              </>
            ) : (
              <>
                <Row term="Plan" value="Pay per use" />
                <Row term="Price" value={`${formatPricePerRequest(target.price)} per request`} />
                <Row term="Monthly minimum" value={formatWholeUsd(PAY_PER_USE_MINIMUM)} />
              </>
            )}
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

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right font-semibold text-ink">{value}</dd>
    </div>
  );
}
