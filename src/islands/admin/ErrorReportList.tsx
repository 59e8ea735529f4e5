import { useEffect, useRef, useState } from 'react';
import { request } from '../../shared/api-client';
import { listErrorReportsOperation } from '../../shared/contracts/photo-authenticity';
import { formatSubmittedAt } from './format-date';

type Reports = Awaited<ReturnType<typeof loadReports>>;
const loadReports = () => request(listErrorReportsOperation);

/** Reports of wrong photo-authenticity results (POST /api/error), newest first, beside the contacts. */
export function ErrorReportList({ onUnauthorized }: { onUnauthorized: () => void }) {
  const [state, setState] = useState<Reports | undefined>();
  // Loaded once per sign-in; the latest callback is read when the answer arrives.
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;
  useEffect(() => {
    let live = true;
    void loadReports().then((r) => {
      if (!live) return;
      if (!r.ok && r.error.status === 401) unauthorized.current();
      setState(r);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="mt-10" aria-labelledby="error-reports-heading">
      <h2 id="error-reports-heading" className="text-xl font-semibold text-ink">
        Authenticity error reports
      </h2>
      {!state && (
        <p role="status" className="mt-2 text-muted">
          Loading reports...
        </p>
      )}
      {state && !state.ok && (
        <p className="mt-2 text-red-700">Error loading reports: {state.error.message}</p>
      )}
      {state?.ok && state.data.items.length === 0 && <p className="mt-2 text-muted">No reports yet.</p>}
      {state?.ok && state.data.items.length > 0 && (
        <>
          <p className="mt-1 text-sm text-muted">{state.data.total} in all; the 50 newest:</p>
          <ul
            className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
            data-testid="error-reports"
          >
            {state.data.items.map((r) => (
              <li key={r.id} className="p-3 text-sm">
                <p className="break-all font-medium text-ink">{r.imageUrl}</p>
                {r.comment && <p className="mt-1 text-slate-700">{r.comment}</p>}
                <p className="mt-1 text-xs text-muted">
                  {formatSubmittedAt(r.createdAt)}
                  {r.account ? ` · ${r.account}` : ''}
                  {r.jobId ? ` · job ${r.jobId}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
