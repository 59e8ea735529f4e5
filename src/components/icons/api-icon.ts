import { apiIcons } from '../../shared/schemas/catalogue';

/** An icon an API card can draw. */
export type ApiIconName = (typeof apiIcons)[number];

/** The icon for an API's `icon` field; anything unknown falls back to the eye (spec section 3). */
export function resolveApiIcon(icon: string | null | undefined): ApiIconName {
  return (apiIcons as readonly string[]).includes(icon ?? '') ? (icon as ApiIconName) : 'fa-eye';
}
