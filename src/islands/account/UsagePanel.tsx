import { useId } from 'react';
import type { Usage } from '../../shared/schemas/account';
import { FREE_TIER } from '../../lib/pricing-model';
import { freeUsageLine, freeUsedPercent } from '../subscription/plan-status';
import { formatNumber, formatTime, maskedKey, periodSentence, usedPercent } from './format';
import { ErrorState, Loading, ScrollRegion } from './States';
import { UsageMeter } from '../ui/UsageMeter';
import type { Resource } from './use-resource';

interface Props {
  usage: Resource<Usage>;
  onRetry: () => void;
}

/** Usage this billing month: per API with the quota left, per key, and the last 20 requests. */
export function UsagePanel({ usage, onRetry }: Props) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="usage-panel">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        Usage this month
      </h2>
      {usage.state === 'loading' ? (
        // About the height of the loaded panel's smallest form (the Free tier's meter): the
        // request log below stays where it will be, off a phone's first screen, and hydrates
        // only when scrolled to.
        <div className="mt-4 min-h-40">
          <Loading what="usage" />
        </div>
      ) : usage.state === 'error' ? (
        <div className="mt-4">
          <ErrorState message={usage.error.message} onRetry={onRetry} />
        </div>
      ) : (
        <UsageBody usage={usage.data} />
      )}
    </section>
  );
}

/** The Free tier's images this month, across the APIs called without a subscription. */
function FreeTierUsage({ free }: { free: Usage['free_tier'] }) {
  const pct = freeUsedPercent(free);
  return (
    <div className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3" data-testid="usage-free-tier">
      <p className="text-sm text-ink">
        <span className="font-semibold">{FREE_TIER.name}:</span> {freeUsageLine(free)} APIs you have not
        subscribed to use it.
      </p>
      <UsageMeter label={`${FREE_TIER.name}: share of this month's images used`} percent={pct} />
    </div>
  );
}

function UsageBody({ usage }: { usage: Usage }) {
  const id = useId();
  const th = 'py-2 pr-4 font-semibold';
  return (
    <>
      <p className="mt-1 text-sm text-muted" data-testid="usage-period">
        {periodSentence(usage.period)}
      </p>

      <FreeTierUsage free={usage.free_tier} />

      <h3 id={`${id}-apis`} className="mt-6 font-semibold text-ink">
        Per API
      </h3>
      {usage.apis.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No API usage this month.</p>
      ) : (
        <ul className="mt-2 grid gap-3" aria-labelledby={`${id}-apis`} data-testid="usage-apis">
          {usage.apis.map((api) => {
            const pct = usedPercent(api.requests, api.quota);
            return (
              <li
                key={api.api_id}
                className="rounded-lg border border-slate-200 p-3"
                data-api-id={api.api_id}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-ink">{api.api_name}</span>
                  <span className="text-xs text-muted">
                    {api.tier === FREE_TIER.id
                      ? FREE_TIER.name
                      : api.tier
                        ? `Tier: ${api.tier}`
                        : 'No active subscription'}
                  </span>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-muted">Requests</dt>
                    <dd className="font-semibold text-ink" data-testid="usage-requests">
                      {formatNumber(api.requests)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Images analysed</dt>
                    <dd className="font-semibold text-ink" data-testid="usage-images">
                      {formatNumber(api.images)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Quota</dt>
                    <dd className="font-semibold text-ink">
                      {api.quota !== null
                        ? formatNumber(api.quota)
                        : api.tier === FREE_TIER.id
                          ? FREE_TIER.name
                          : 'Pay per use'}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Remaining</dt>
                    <dd className="font-semibold text-ink" data-testid="usage-remaining">
                      {api.remaining === null ? '—' : formatNumber(api.remaining)}
                    </dd>
                  </div>
                </dl>
                {api.quota !== null ? (
                  <UsageMeter label={`${api.api_name}: share of the monthly quota used`} percent={pct} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <h3 className="mt-6 font-semibold text-ink">Per key</h3>
      {usage.keys.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No calls with a key this month.</p>
      ) : (
        <ScrollRegion label="Usage per key" className="mt-2">
          <table className="w-full min-w-[28rem] text-left text-sm" data-testid="usage-keys">
            <caption className="sr-only">Usage per key this month</caption>
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className={th}>
                  Key
                </th>
                <th scope="col" className={th}>
                  Requests
                </th>
                <th scope="col" className={th}>
                  Images
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {usage.keys.map((k) => (
                <tr key={k.key_id}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {k.name}{' '}
                    <span className="font-mono text-xs font-normal text-muted">
                      {maskedKey(k.prefix, k.last4)}
                    </span>
                  </th>
                  <td className="py-2 pr-4">{formatNumber(k.requests)}</td>
                  <td className="py-2 pr-4">{formatNumber(k.images)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <h3 className="mt-6 font-semibold text-ink">Recent requests</h3>
      {usage.recent.length === 0 ? (
        <p className="mt-2 text-sm text-muted" data-testid="recent-empty">
          No requests yet this month.
        </p>
      ) : (
        <ScrollRegion label="Recent requests" className="mt-2">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="recent-requests">
            <caption className="sr-only">Your last {usage.recent.length} requests</caption>
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className={th}>
                  Time
                </th>
                <th scope="col" className={th}>
                  Endpoint
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={th}>
                  Images
                </th>
                <th scope="col" className={th}>
                  ms
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {usage.recent.map((r, i) => (
                <tr key={`${r.at}-${i}`}>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatTime(r.at)}</td>
                  <td className="py-2 pr-4 font-mono text-xs">
                    {r.method} {r.endpoint}
                  </td>
                  <td className={r.status >= 400 ? 'py-2 pr-4 font-semibold text-red-700' : 'py-2 pr-4'}>
                    {r.status}
                  </td>
                  <td className="py-2 pr-4">{r.images}</td>
                  <td className="py-2 pr-4">{formatNumber(r.duration_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
