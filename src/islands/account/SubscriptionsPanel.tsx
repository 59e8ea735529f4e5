import { useId, useRef, useState } from 'react';
import { cancelSubscriptionOperation, listSubscriptionsOperation } from '../../shared/contracts/account';
import type { Subscription } from '../../shared/schemas/account';
import { Button } from '../ui/Button';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate, formatNumber } from './format';
import { request } from '../../shared/api-client';
import { ErrorState, Loading, ScrollRegion, STACKED } from './States';
import { useResource } from './use-resource';

interface Props {
  announce: (message: string) => void;
  /** A subscription changed: the usage quotas change too. */
  onChanged: () => void;
}

/** "Standard · 2,000 requests/month" or "Pay per use". */
export function tierSummary(s: Pick<Subscription, 'tier_name' | 'monthly_quota'>): string {
  return s.monthly_quota === null
    ? s.tier_name
    : `${s.tier_name} · ${formatNumber(s.monthly_quota)} requests/month`;
}

/** Subscriptions: API, tier, since, active or cancelled; cancel; a link to subscribe to more. */
export function SubscriptionsPanel({ announce, onChanged }: Props) {
  const id = useId();
  const [subs, reload] = useResource((signal) => request(listSubscriptionsOperation, { signal }));
  const [toCancel, setToCancel] = useState<{ sub: Subscription; opener: HTMLElement } | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const cancel = async () => {
    if (!toCancel || busy) return;
    setBusy(true);
    setCancelError(null);
    const result = await request(cancelSubscriptionOperation, { params: { id: toCancel.sub.id } });
    setBusy(false);
    if (!result.ok) {
      setCancelError(result.error.message);
      return;
    }
    announce(`Subscription to ${toCancel.sub.api_name} cancelled.`);
    setToCancel(null);
    reload();
    onChanged();
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="subscriptions-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-ink focus:outline-none"
        >
          Subscriptions
        </h2>
        <a href="/apis" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Browse APIs to subscribe
        </a>
      </div>
      <div className="mt-4">
        {subs.state === 'loading' ? (
          <Loading what="subscriptions" />
        ) : subs.state === 'error' ? (
          <ErrorState message={subs.error.message} onRetry={reload} />
        ) : subs.data.subscriptions.length === 0 ? (
          <p className="text-sm text-muted" data-testid="subscriptions-empty">
            No subscriptions yet.{' '}
            <a href="/apis" className="font-medium text-brand-700 underline underline-offset-2">
              Pick an API
            </a>{' '}
            and subscribe to call it with your keys.
          </p>
        ) : (
          <ScrollRegion label="Your subscriptions">
            <table className="w-full text-left text-sm sm:min-w-[34rem]" data-testid="subscriptions-table">
              <caption className="sr-only">Your subscriptions</caption>
              <thead className={STACKED.head}>
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    API
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Tier
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Since
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {subs.data.subscriptions.map((sub) => (
                  <tr key={sub.id} data-subscription-id={sub.id} className={STACKED.row}>
                    <th scope="row" data-label="API" className={`${STACKED.cell} font-medium text-ink`}>
                      <a href={`/api/${sub.api_id}`} className="hover:underline">
                        {sub.api_name}
                      </a>
                    </th>
                    <td data-label="Tier" className={STACKED.cell}>
                      {tierSummary(sub)}
                    </td>
                    <td data-label="Since" className={STACKED.cell}>
                      {formatDate(sub.subscription_date)}
                    </td>
                    <td data-label="Status" className={STACKED.cell}>
                      {sub.is_active ? (
                        <span className="badge bg-green-100 text-green-800">Active</span>
                      ) : (
                        <span className="badge bg-slate-200 text-slate-800">
                          Cancelled {formatDate(sub.cancelled_at)}
                        </span>
                      )}
                    </td>
                    <td className={STACKED.actions}>
                      {sub.is_active ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Cancel subscription to ${sub.api_name}`}
                          onClick={(e) => {
                            setCancelError(null);
                            setToCancel({ sub, opener: e.currentTarget });
                          }}
                        >
                          Cancel
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
      <ConfirmDialog
        open={toCancel !== null}
        title={`Cancel your ${toCancel?.sub.api_name ?? ''} subscription?`}
        description={`Calls to ${toCancel?.sub.api_name ?? 'this API'} with your keys will be refused (403) from now on. You can subscribe again at any time.${cancelError ? ` ${cancelError}` : ''}`}
        confirmLabel="Cancel subscription"
        busy={busy}
        opener={toCancel?.opener ?? null}
        onConfirm={() => void cancel()}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
