import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

/** Button looks shared with the static pages' `btn-*` utilities, so islands and HTML match. */
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      primary: 'btn-primary',
      secondary: 'btn-secondary',
      ghost: 'btn-ghost',
      destructive: 'bg-red-700 text-white hover:bg-red-800',
    },
    size: {
      md: '',
      sm: 'px-3 py-1.5 text-xs',
      lg: 'px-6 py-3 text-base',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ className, variant, size, type = 'button', ref, ...props }: ButtonProps) {
  return (
    <button ref={ref} type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
