import type { ReactNode } from 'react';
import { Button } from '../ui/Button';

/** A section's first load. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="text-sm text-muted" role="status">
      Loading {what}...
    </p>
  );
}

/** A section that could not load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <span>{message || 'Could not load this section.'}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A table that may scroll sideways on a phone: focusable and named, so keyboard users can
 * scroll it too.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600 ${className ?? ''}`}
    >
      {children}
    </div>
  );
}

/**
 * Classes of a table that stacks on a phone: each row becomes a two-column card of its cells,
 * each cell titled by its `data-label`, so every action stays on screen at 390 px.
 */
export const STACKED = {
  head: 'text-xs uppercase tracking-wide text-muted max-sm:sr-only',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-3',
  cell:
    'py-2 pr-4 max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold ' +
    'max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted max-sm:before:content-[attr(data-label)]',
  actions: 'py-2 text-right max-sm:col-span-2 max-sm:p-0 max-sm:text-left',
} as const;
