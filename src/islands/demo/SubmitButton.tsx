import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../ui/use-hydrated';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Label at rest, e.g. "Generate Caption". */
  label: string;
  /** Label while busy, e.g. "Generating...". */
  busyLabel: string;
  /** Disables the button and swaps in the busy label and a spinner. */
  busy: boolean;
}

/**
 * The demo run button: disabled with a busy label and spinner while a run is pending, and until
 * the island has hydrated (a native submit before then would reload the page and lose the input).
 */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  className,
  type = 'submit',
  disabled,
  ...props
}: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={busy || disabled || !hydrated}
      aria-busy={busy || undefined}
      className={cn('btn-primary w-full px-6 py-3 text-base', className)}
      {...props}
    >
      {busy && (
        <svg
          className="h-5 w-5 animate-spin motion-reduce:animate-none"
          viewBox="0 0 24 24"
          fill="none"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {busy ? busyLabel : label}
    </button>
  );
}
