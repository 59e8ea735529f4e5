import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
  return <label className={cn('mb-1.5 block text-sm font-medium text-ink', className)} {...props} />;
}

/** The message under a field; its id goes into the field's aria-describedby. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {messages.join(' ')}
    </p>
  );
}
