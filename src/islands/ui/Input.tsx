import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

/** Shared field look; `aria-invalid` turns the border red so errors are not colour-only (text follows). */
export const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-500 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 aria-[invalid=true]:border-red-600';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ref, ...props }: InputProps) {
  return <input ref={ref} type={type} className={cn(fieldClass, className)} {...props} />;
}
