import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DemoGridProps {
  /** Left column: image source, controls and the run button. */
  input: ReactNode;
  /** Right column: preview and results. */
  output: ReactNode;
  /** Full-width row below: the API Request / API Response panels. */
  panels?: ReactNode;
  className?: string;
}

/** The two-column demo layout that stacks on phones. */
export function DemoGrid({ input, output, panels, className }: DemoGridProps) {
  return (
    <div className={cn('grid gap-6 lg:grid-cols-2 lg:gap-8', className)}>
      <div className="min-w-0 space-y-6">{input}</div>
      <div className="min-w-0 space-y-6">{output}</div>
      {panels && <div className="grid min-w-0 gap-6 lg:col-span-2 lg:grid-cols-2">{panels}</div>}
    </div>
  );
}

/** A titled card section for the left column ("Choose an image", "Settings"). */
export function DemoPanel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('card', className)}>
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}
