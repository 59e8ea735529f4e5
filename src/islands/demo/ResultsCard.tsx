import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { revealOnStackedLayout } from './reveal';

export type ResultsStatus = 'idle' | 'busy' | 'done' | 'error';

export interface ResultsCardProps {
  /** Card heading; "Results" by default. */
  title?: string;
  /** idle shows `idleText`, busy a progress line, done/error the children. */
  status: ResultsStatus;
  /** What the card says before the first run. */
  idleText?: string;
  /** What the card says while a run is pending. */
  busyText?: string;
  /** Counts runs, so a run that ends in the same status as the last one is still revealed. */
  runCount?: number;
  /** The run's processing time, shown as a badge when it is done. */
  seconds?: number | undefined;
  /** What a failed run says (status error). */
  error?: string | undefined;
  children?: ReactNode;
  className?: string;
}

/** The demo results card. Its body is a polite live region so screen readers hear the outcome. */
export function ResultsCard({
  title = 'Results',
  status,
  idleText = 'Run the demo to see results here.',
  busyText = 'Working on it…',
  runCount = 0,
  seconds,
  error,
  children,
  className,
}: ResultsCardProps) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // When a run ends, focus moves to the results (so it does not drop to the page, and screen
  // readers read them), and phones (one column, results below the form) scroll to its outcome.
  const previous = useRef({ status, runCount });
  useEffect(() => {
    const was = previous.current;
    previous.current = { status, runCount };
    const changed = was.status !== status || was.runCount !== runCount;
    if (changed && (status === 'done' || status === 'error')) {
      headingRef.current?.focus({ preventScroll: true });
      revealOnStackedLayout(ref.current);
    }
  }, [status, runCount]);
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      aria-busy={status === 'busy'}
      className={cn('card scroll-mt-4', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {status === 'done' && seconds !== undefined && (
          <span className="badge bg-slate-100 text-ink">{seconds.toFixed(2)} s</span>
        )}
      </div>
      <div aria-live="polite" className="mt-4">
        {status === 'idle' && <p className="text-sm text-muted">{idleText}</p>}
        {status === 'busy' && (
          <p className="flex items-center gap-2 text-sm text-muted">
            <span
              className="h-2 w-2 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none"
              aria-hidden="true"
            />
            {busyText}
          </p>
        )}
        {status === 'error' && error && <p className="text-sm text-red-700">{error}</p>}
        {(status === 'done' || status === 'error') && children}
      </div>
    </section>
  );
}
