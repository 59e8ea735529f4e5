import { ICONS, type IconName } from '../../shared/icons';

export interface IconProps {
  name: IconName;
  className?: string;
  /** Extra `data-icon` value, e.g. the catalogue name the icon stands for. */
  dataIcon?: string;
}

/**
 * `Icon.astro` for React islands: the same set and the same SVG, so a static card and an
 * island card draw identical icons. Decorative (aria-hidden).
 */
export function Icon({ name, className, dataIcon }: IconProps) {
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
      data-icon={dataIcon ?? name}
      // Static strings from icons.ts, never user input.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
