import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribe, type ApiClientError } from '../../shared/api-client';
import { Button } from '../ui/Button';
import { fetchContactsPage, type ContactSubmission } from './contacts-api';
import { formatSubmittedAt } from './format-date';

interface Props {
  onLogout: () => void;
  /** The server refused the session: the page logs out. */
  onUnauthorized: () => void;
}

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: ContactSubmission[]; total: number; nextCursor: string | null };

/** Contact Submissions, newest first, a page at a time. */
export function ContactList({ onLogout, onUnauthorized }: Props) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const handleError = useCallback(
    (error: ApiClientError): string | null => {
      if (error.aborted) return null;
      if (error.status === 401) {
        onUnauthorized();
        return null;
      }
      return error.message || 'Unknown error';
    },
    [onUnauthorized],
  );

  const loadFirst = useCallback(async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'loading' });
    setMoreError(null);
    const result = await fetchContactsPage(null, controller.signal);
    if (result.ok) {
      const { items, total, next_cursor: nextCursor } = result.data;
      setState({ status: 'ready', items, total, nextCursor });
    } else {
      const message = handleError(result.error);
      if (message !== null) setState({ status: 'error', message });
    }
  }, [handleError]);

  useEffect(() => {
    void loadFirst();
    // A contact sent from this tab (the dialog invalidates the key) shows up without a reload.
    const off = subscribe('/api/contacts', () => void loadFirst());
    return () => {
      off();
      abort.current?.abort();
    };
  }, [loadFirst]);

  const loadMore = async () => {
    if (state.status !== 'ready' || !state.nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    const result = await fetchContactsPage(state.nextCursor);
    setLoadingMore(false);
    if (!result.ok) {
      const message = handleError(result.error);
      if (message !== null) setMoreError(`Error loading contacts: ${message}`);
      return;
    }
    const page = result.data;
    setState((prev) =>
      prev.status === 'ready'
        ? {
            status: 'ready',
            items: [...prev.items, ...page.items.filter((c) => !prev.items.some((p) => p.id === c.id))],
            total: page.total,
            nextCursor: page.next_cursor,
          }
        : prev,
    );
  };

  return (
    <section aria-labelledby="contacts-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 id="contacts-title" className="text-3xl font-bold">
            Contact Submissions
          </h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="contacts-total">
            {state.status === 'ready'
              ? `Total: ${state.total} ${state.total === 1 ? 'submission' : 'submissions'}`
              : '\u00a0'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void loadFirst()} disabled={state.status === 'loading'}>
            Refresh
          </Button>
          <Button variant="secondary" onClick={onLogout}>
            Logout
          </Button>
        </div>
      </div>

      {state.status === 'loading' ? (
        <p role="status" className="text-muted">
          Loading contacts...
        </p>
      ) : state.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Error loading contacts: {state.message}
        </p>
      ) : state.items.length === 0 ? (
        <p className="card text-center text-muted">No contact submissions yet.</p>
      ) : (
        <>
          <ol className="grid gap-4" aria-label="Contact submissions, newest first">
            {state.items.map((c) => (
              <li key={c.id} className="card" data-testid="contact-card">
                <article aria-label={`Message from ${c.name}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="break-words text-lg font-semibold">{c.name}</h2>
                      <a
                        href={`mailto:${c.email}`}
                        className="break-all text-sm text-brand-700 underline-offset-2 hover:underline"
                      >
                        {c.email}
                      </a>
                    </div>
                    <span className="badge bg-brand-50 text-brand-800" data-testid="contact-page-name">
                      {c.pageName}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-muted">
                    <time dateTime={c.createdAt}>{formatSubmittedAt(c.createdAt)}</time>
                  </p>
                  {/* Plain text node: visitor input is never parsed as HTML. */}
                  <p
                    className="mt-3 whitespace-pre-wrap break-words text-sm text-ink"
                    data-testid="contact-message"
                  >
                    {c.message}
                  </p>
                </article>
              </li>
            ))}
          </ol>
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-muted">
              Showing {state.items.length} of {state.total}
            </p>
            {moreError ? (
              <p role="alert" className="text-sm text-red-800">
                {moreError}
              </p>
            ) : null}
            {state.nextCursor ? (
              <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
