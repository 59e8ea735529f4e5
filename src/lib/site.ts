/** Product name shown in the logo, titles and metadata. */
export const SITE_NAME = 'Optiq';
/** Default description for pages that set none. */
export const SITE_DESCRIPTION =
  'Image-analysis APIs for object and room detection, classification, similar-image search and photo authenticity, with docs, live demos and pay-per-use pricing.';

/** The five use-case marketing pages. */
export const NAV_USE_CASES = [
  { href: '/real-estate-analysis', label: 'Real Estate Analysis' },
  { href: '/ai-image-detection', label: 'AI Image Detection' },
  { href: '/similar-images', label: 'Similar Images' },
  { href: '/photo-authentication', label: 'Photo Authentication' },
  { href: '/virtual-inspection', label: 'Virtual Inspection' },
] as const;

/** True when `path` is `prefix` or below it (the nav highlight rule). */
export function isCurrentSection(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
