import type { ReactNode } from 'react';
import { resolveApiIcon, type ApiIconName } from './api-icon';

/**
 * Line drawings standing in for the Font Awesome names the catalogue uses (fa-eye, fa-brain,
 * fa-face-smile), inlined so a card needs no icon font or request. A React component so the
 * static cards and the live API grid island draw the very same SVG.
 */
const paths: Record<ApiIconName, ReactNode> = {
  'fa-eye': (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  'fa-brain': (
    <>
      <path d="M12 5.5a3 3 0 0 0-5.4-1.8A3 3 0 0 0 3.8 8a3.5 3.5 0 0 0 .4 6.2A3.2 3.2 0 0 0 7.3 19a2.8 2.8 0 0 0 4.7.9z" />
      <path d="M12 5.5a3 3 0 0 1 5.4-1.8A3 3 0 0 1 20.2 8a3.5 3.5 0 0 1-.4 6.2 3.2 3.2 0 0 1-3.1 4.8 2.8 2.8 0 0 1-4.7.9" />
      <path d="M8 9.5c1 0 2 .6 2.3 1.6M16 9.5c-1 0-2 .6-2.3 1.6M8.6 15.2c1 0 1.8-.5 2.2-1.4M15.4 15.2c-1 0-1.8-.5-2.2-1.4" />
    </>
  ),
  'fa-face-smile': (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M8 14.5s1.5 2 4 2 4-2 4-2" />
      <path d="M9 9.5h.01M15 9.5h.01" strokeWidth="3" />
    </>
  ),
};

export interface ApiIconProps {
  /** The API's `icon` field; unknown values draw the eye. */
  icon: string;
  className?: string;
}

export function ApiIcon({ icon, className }: ApiIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-icon={resolveApiIcon(icon)}
    >
      {paths[resolveApiIcon(icon)]}
    </svg>
  );
}
