import { useEffect, useState } from 'react';
import { query, request } from '../../shared/api-client';
import { listApisOperation } from '../../shared/contracts/catalogue';
import { ApiCard, ApiCardSkeleton } from './ApiCard';
import { balancedGridClass } from '../../lib/grid';
import { cn } from '../../lib/cn';
import { sortApis, toCardData, type ApiCardData } from '../../lib/api-card-data';

export interface ApiGridProps {
  /** Catalogue from the content collections, rendered into the HTML at build time. */
  initialApis: ApiCardData[];
}

type Status = 'loading' | 'live' | 'stale';

/**
 * The API catalogue grid. It is pre-rendered from the content collections (so it shows at once,
 * with no layout shift, and works without JavaScript), then asks the server for the current
 * catalogue and re-renders from that. A failed or malformed answer leaves the pre-rendered
 * cards in place: stale but correct beats an error where there was content.
 */
export default function ApiGrid({ initialApis }: ApiGridProps) {
  const [apis, setApis] = useState<ApiCardData[]>(initialApis);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    let current = true;
    // A failed or off-contract answer is not logged as an error: the browser already reports a
    // failed request, and the visitor keeps a complete, build-time catalogue.
    void query([listApisOperation.path], () => request(listApisOperation)).then((result) => {
      if (!current) return;
      if (result.ok) setApis(sortApis(result.data.map(toCardData)));
      setStatus(result.ok ? 'live' : 'stale');
    });
    return () => {
      current = false;
    };
  }, []);

  const waiting = status === 'loading' && apis.length === 0;

  return (
    <div data-api-grid={status} aria-busy={waiting}>
      {waiting ? (
        <p className="sr-only" role="status">
          Loading APIs…
        </p>
      ) : null}
      {apis.length === 0 && !waiting ? (
        <p className="card text-center text-muted">
          No APIs are available right now. Please check back soon.
        </p>
      ) : (
        <ul className={cn('grid gap-6', balancedGridClass(apis.length, 4))} aria-label="APIs">
          {waiting
            ? [0, 1, 2].map((i) => (
                <li key={i}>
                  <ApiCardSkeleton />
                </li>
              ))
            : apis.map((api) => (
                <li key={api.id}>
                  <ApiCard api={api} />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
