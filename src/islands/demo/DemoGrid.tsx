import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DemoGridProps {
  /** Left column: image source, controls and the run button. */
  input: ReactNode;
  /** Right column: preview and results. */
  output: ReactNode;
  /** The API Response panel: first in the full-width row below, as the spec orders them. */
  responsePanel?: ReactNode;
  /** The API Request panel, after the response. */
  requestPanel?: ReactNode;
  className?: string;
}

/** The two-column demo layout that stacks on phones. */
export function DemoGrid({ input, output, responsePanel, requestPanel, className }: DemoGridProps) {
  return (
    <div className={cn('grid gap-6 lg:grid-cols-2 lg:gap-8', className)}>
      <div className="min-w-0 space-y-6">{input}</div>
      <div className="min-w-0 space-y-6">{output}</div>
      {(responsePanel || requestPanel) && (
        <div className="grid min-w-0 gap-6 lg:col-span-2 lg:grid-cols-2" data-testid="api-panels">
          {responsePanel}
          {requestPanel}
        </div>
      )}
    </div>
  );
}

/** A titled card section for the left column ("Choose an image", "Settings"). */
export function DemoPanel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('card', className)}>
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}
