import { useCallback, useEffect, useState } from 'react';
import { request, messageForPeople, type ApiClientError } from '../../shared/api-client';
import { statusSummaryOperation } from '../../shared/contracts/status';
import type { StatusSummary } from '../../shared/schemas/status';
import { Button } from '../ui/Button';
import {
  ago,
  dayLabel,
  dayTone,
  formatPercent,
  OVERALL_TEXT,
  shortDay,
  STATUS_LABEL,
  STATUS_TONE,
} from './status-view';

type State =
  | { state: 'loading' }
  | { state: 'error'; error: ApiClientError }
  | { state: 'ready'; data: StatusSummary; loadedAt: number };

/** Reloads the figures while the page stays open, as often as probes are recorded at most. */
const REFRESH_MS = 60_000;

/**
 * /status: the latest recorded probe per component and the uptime of each of the last 30 days,
 * from GET /api/status (recorded probes, never made up: no probes, no figures).
 */
export function StatusBoard() {
  const [status, setStatus] = useState<State>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);

  const load = useCallback(async (signal?: AbortSignal) => {
    setRefreshing(true);
    const result = await request(statusSummaryOperation, { signal });
    if (signal?.aborted) return;
    setRefreshing(false);
    setStatus(
      result.ok
        ? { state: 'ready', data: result.data, loadedAt: Date.now() }
        : { state: 'error', error: result.error },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => void load(controller.signal), REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [load]);

  if (status.state === 'loading')
    return (
      <p className="card text-sm text-muted" role="status">
        Loading the service status...
      </p>
    );
  if (status.state === 'error')
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <span>
          {messageForPeople(status.error, 'The status could not be loaded. Check your connection.')}
        </span>
        <Button variant="secondary" size="sm" onClick={() => void load()} disabled={refreshing}>
          Try again
        </Button>
      </div>
    );

  const { current, days, uptime_percent, probes, probe_interval_minutes } = status.data;
  return (
    <div className="space-y-10" data-status-board>
      <section aria-labelledby="current-state" className="card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="current-state" className="text-lg font-semibold text-ink">
            Current state
          </h2>
          <Button variant="secondary" size="sm" onClick={() => void load()} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
        {current === null ? (
          <p className="mt-4 rounded-lg bg-slate-100 p-4 text-sm text-slate-800" data-overall="none">
            No data yet: no probe has been recorded. The first one runs within {probe_interval_minutes}{' '}
            minutes of the service starting.
          </p>
        ) : (
          <>
            <p
              className={`mt-4 flex items-center gap-3 rounded-lg p-4 font-semibold ${STATUS_TONE[current.status].badge}`}
              data-overall={current.status}
            >
              <span
                className={`h-3 w-3 shrink-0 rounded-full ${STATUS_TONE[current.status].dot}`}
                aria-hidden="true"
              />
              {OVERALL_TEXT[current.status]}
            </p>
            <p className="mt-2 text-sm text-muted">
              Last probe{' '}
              <time dateTime={current.checked_at} title={new Date(current.checked_at).toUTCString()}>
                {ago(current.checked_at, status.loadedAt)}
              </time>
              , checks took {current.latency_ms} ms.
            </p>
            <ul className="mt-5 divide-y divide-slate-200" aria-label="Components">
              {current.components.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4"
                  data-component={c.id}
                >
                  <span className="font-medium text-ink sm:w-56 sm:shrink-0">{c.name}</span>
                  <span className={`badge w-fit shrink-0 ${STATUS_TONE[c.status].badge}`}>
                    {STATUS_LABEL[c.status]}
                  </span>
                  <span className="min-w-0 text-sm text-slate-700">{c.detail}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="uptime" className="card">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="uptime" className="text-lg font-semibold text-ink">
            Uptime, last {days.length} days
          </h2>
          <p className="text-sm font-semibold text-ink" data-uptime-total>
            {uptime_percent === null ? 'No data' : `${formatPercent(uptime_percent)} uptime`}
            <span className="font-normal text-muted">
              {' '}
              ({probes} probe{probes === 1 ? '' : 's'})
            </span>
          </p>
        </div>
        <ol
          className="mt-5 flex h-12 items-stretch gap-px sm:gap-1"
          aria-label={`Uptime per day, ${shortDay(days[0]!.date)} to ${shortDay(days.at(-1)!.date)}`}
        >
          {days.map((d) => (
            <li
              key={d.date}
              className={`min-w-0 flex-1 rounded-sm ${dayTone(d)}`}
              title={dayLabel(d)}
              data-day={d.date}
              data-probes={d.probes}
            >
              <span className="sr-only">{dayLabel(d)}</span>
            </li>
          ))}
        </ol>
        <div className="mt-2 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{shortDay(days[0]!.date)}</span>
          <span>Today</span>
        </div>
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-700" aria-label="Legend">
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-emerald-600" aria-hidden="true" /> Every probe operational
          </li>
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-emerald-400" aria-hidden="true" /> Serving, some probes
            degraded
          </li>
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-amber-500" aria-hidden="true" /> Some probes found it down
          </li>
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-red-600" aria-hidden="true" /> Down most of the day
          </li>
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-slate-200" aria-hidden="true" /> No data
          </li>
        </ul>
      </section>
    </div>
  );
}
