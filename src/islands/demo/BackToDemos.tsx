import { cn } from '../../lib/cn';

/** The "Back to Demos" link every demo page starts with. */
export function BackToDemos({ className }: { className?: string }) {
  return (
    <a
      href="/demo"
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline',
        className,
      )}
    >
      <svg viewBox="0 0 20 20" width="16" height="16" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z"
          clipRule="evenodd"
        />
      </svg>
      Back to Demos
    </a>
  );
}
