import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { request, type ApiClientError } from '../../shared/api-client';
import { API_ID_LIST } from '../../shared/api-ids';
import { listKeysOperation, requestLogOperation } from '../../shared/contracts/account';
import {
  REQUEST_LOG_DAYS,
  STATUS_CLASSES,
  type LoggedRequest,
  type StatusClass,
} from '../../shared/schemas/request-log';
import { Button } from '../ui/Button';
import { fieldClass } from '../ui/Input';
import { Label } from '../ui/Label';
import { curlCommand } from './curl';
import { apiLabel, formatNumber, formatTime, maskedKey } from './format';
import { ErrorState, Loading } from './States';
import { sendToSignIn, useResource } from './use-resource';

interface Filters {
  api: string;
  key: string;
  status: '' | StatusClass;
}

type Log =
  | { state: 'loading' }
  | { state: 'error'; error: ApiClientError }
  | {
      state: 'ready';
      requests: LoggedRequest[];
      next: string | null;
      loadingMore: boolean;
      moreError: string | null;
    };

/** A stored body for reading: indented when it is whole JSON, as stored otherwise. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const statusClass = (status: number) =>
  status >= 500
    ? 'bg-red-100 text-red-800'
    : status >= 400
      ? 'bg-amber-100 text-amber-900'
      : 'bg-green-100 text-green-800';

/**
 * The request log: the account's API calls of the last 30 days, newest first, filterable by
 * API, key and status class; each row opens to its bodies and a "Copy as curl" command.
 */
export function RequestLogPanel({ announce }: { announce: (message: string) => void }) {
  const id = useId();
  const [keys] = useResource((signal) => request(listKeysOperation, { signal }));
  const [filters, setFilters] = useState<Filters>({ api: '', key: '', status: '' });
  const [log, setLog] = useState<Log>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const query = useCallback(
    (before?: string) => ({
      ...(filters.api && { api: filters.api }),
      ...(filters.key && { key: filters.key }),
      ...(filters.status && { status: filters.status }),
      ...(before && { before }),
    }),
    [filters],
  );

  useEffect(() => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLog((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    void request(requestLogOperation, { query: query(), signal: c.signal }).then((result) => {
      if (c.signal.aborted) return;
      if (!result.ok && result.error.status === 401) {
        sendToSignIn();
        return;
      }
      setLog(
        result.ok
          ? {
              state: 'ready',
              requests: result.data.requests,
              next: result.data.next_cursor,
              loadingMore: false,
              moreError: null,
            }
          : { state: 'error', error: result.error },
      );
    });
    return () => c.abort();
  }, [query, version]);

  const loadMore = async () => {
    if (log.state !== 'ready' || !log.next || log.loadingMore) return;
    setLog({ ...log, loadingMore: true, moreError: null });
    const result = await request(requestLogOperation, { query: query(log.next) });
    setLog((l) => {
      if (l.state !== 'ready') return l;
      if (!result.ok) return { ...l, loadingMore: false, moreError: result.error.message };
      return {
        ...l,
        requests: [...l.requests, ...result.data.requests],
        next: result.data.next_cursor,
        loadingMore: false,
      };
    });
    if (result.ok) announce(`${result.data.requests.length} older requests loaded.`);
  };

  const select = (name: keyof Filters, label: string, options: { value: string; label: string }[]) => (
    <div className="min-w-0">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <select
        id={`${id}-${name}`}
        name={name}
        className={fieldClass}
        value={filters[name]}
        onChange={(e) => setFilters((f) => ({ ...f, [name]: e.target.value }))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="card min-w-0" aria-labelledby={`${id}-title`} data-testid="request-log-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
          Request log
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setVersion((v) => v + 1)}>
          Refresh
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted">
        Your API calls of the last {REQUEST_LOG_DAYS} days, newest first. Bodies are shortened to a few KB;
        uploaded images are named, never stored.
      </p>
      <form
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3"
        aria-label="Filter the request log"
        onSubmit={(e) => e.preventDefault()}
      >
        {select('api', 'API', [
          { value: '', label: 'All APIs' },
          ...API_ID_LIST.map((api) => ({ value: api, label: apiLabel(api) })),
        ])}
        {select('key', 'Key', [
          { value: '', label: 'All keys' },
          ...(keys.state === 'ready'
            ? keys.data.keys.map((k) => ({
                value: k.id,
                label: `${k.name} (${maskedKey(k.prefix, k.last4)})`,
              }))
            : []),
        ])}
        {select('status', 'Status', [
          { value: '', label: 'Any status' },
          ...STATUS_CLASSES.map((s) => ({ value: s, label: s })),
        ])}
      </form>

      <div className="mt-4" aria-live="polite" aria-busy={log.state === 'loading'}>
        {log.state === 'loading' ? (
          <Loading what="requests" />
        ) : log.state === 'error' ? (
          <ErrorState message={log.error.message} onRetry={() => setVersion((v) => v + 1)} />
        ) : log.requests.length === 0 ? (
          <p className="text-sm text-muted" data-testid="request-log-empty">
            {filters.api || filters.key || filters.status
              ? 'No requests match these filters.'
              : `No API requests in the last ${REQUEST_LOG_DAYS} days. Calls made with your keys show here.`}
          </p>
        ) : (
          <>
            <ul className="grid gap-2" data-testid="request-log">
              {log.requests.map((entry) => (
                <RequestRow key={entry.id} entry={entry} announce={announce} />
              ))}
            </ul>
            {log.moreError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {log.moreError}
              </p>
            ) : null}
            {log.next ? (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                disabled={log.loadingMore}
                onClick={() => void loadMore()}
              >
                {log.loadingMore ? 'Loading...' : 'Load older requests'}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function RequestRow({ entry, announce }: { entry: LoggedRequest; announce: (message: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const curl = curlCommand(entry, window.location.origin);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(curl);
      setCopied(true);
      announce('curl command copied to the clipboard.');
    } catch {
      // Clipboard refused: select the command so Ctrl+C works.
      const pre = document.getElementById(`${id}-curl`);
      if (pre) window.getSelection()?.selectAllChildren(pre);
      announce('Copying was refused by the browser; the command is selected, press Ctrl+C or Cmd+C.');
    }
  };
  const pre =
    'mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-2 font-mono text-xs text-ink';
  return (
    <li
      className="min-w-0 rounded-lg border border-slate-200"
      data-request-id={entry.id}
      data-testid="request-row"
    >
      <button
        type="button"
        className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-3 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={`badge ${statusClass(entry.status)}`} data-testid="request-status">
          {entry.status}
        </span>
        <span className="min-w-0 break-all font-mono text-xs text-ink">
          {entry.method} {entry.path}
        </span>
        <span className="w-full text-xs text-muted sm:ml-auto sm:w-auto">
          {formatTime(entry.at)} · {entry.key ? entry.key.name : 'site session'} ·{' '}
          {formatNumber(entry.duration_ms)} ms · {entry.images} {entry.images === 1 ? 'image' : 'images'}
        </span>
        <span className="sr-only">{open ? 'Hide details' : 'Show details'}</span>
      </button>
      {open ? (
        <div id={`${id}-details`} className="grid min-w-0 gap-3 border-t border-slate-200 p-3 text-sm">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            <div>
              <dt className="inline text-muted">API: </dt>
              <dd className="inline">{apiLabel(entry.api_id)}</dd>
            </div>
            <div className="min-w-0 break-all">
              <dt className="inline text-muted">Key: </dt>
              <dd className="inline">
                {entry.key
                  ? `${entry.key.name} (${maskedKey(entry.key.prefix, entry.key.last4)})`
                  : 'Your session on this site'}
              </dd>
            </div>
          </dl>
          <div className="min-w-0">
            <h3 className="font-semibold text-ink">Request{entry.request.truncated ? ' (shortened)' : ''}</h3>
            {entry.request.uploads.length > 0 ? (
              <ul className="mt-1 text-xs" data-testid="request-uploads">
                {entry.request.uploads.map((u, i) => (
                  <li key={i} className="break-all">
                    {u.field ? `${u.field}: ` : ''}
                    {u.filename || 'raw body'} ({u.type || 'unknown type'}, {formatNumber(u.size)} bytes, not
                    stored)
                  </li>
                ))}
              </ul>
            ) : null}
            {entry.request.body !== null ? (
              <pre className={pre} data-testid="request-body">
                {readable(entry.request.body)}
              </pre>
            ) : entry.request.uploads.length === 0 ? (
              <p className="mt-1 text-xs text-muted">No body.</p>
            ) : null}
          </div>
          <div className="min-w-0">
            <h3 className="font-semibold text-ink">
              Response{entry.response.truncated ? ' (shortened)' : ''}
            </h3>
            {entry.response.body !== null ? (
              <pre className={pre} data-testid="response-body">
                {readable(entry.response.body)}
              </pre>
            ) : (
              <p className="mt-1 text-xs text-muted">No body recorded.</p>
            )}
          </div>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${id}-curl-title`} className="font-semibold text-ink">
                curl
              </h3>
              <Button variant="secondary" size="sm" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy as curl'}
              </Button>
            </div>
            {entry.request.truncated ? (
              <p className="mt-1 text-xs text-amber-900">
                The body was shortened for the log: complete it before running the command.
              </p>
            ) : null}
            <pre
              id={`${id}-curl`}
              className={pre}
              aria-labelledby={`${id}-curl-title`}
              data-testid="curl-command"
            >
              {curl}
            </pre>
            <p className="mt-1 text-xs text-muted">
              Set <code className="font-mono">OPTIQ_API_KEY</code> to your key first
              {entry.request.uploads.length > 0 ? ', and run it where the uploaded file is' : ''}.
            </p>
          </div>
        </div>
      ) : null}
    </li>
  );
}
