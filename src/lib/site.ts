/** Product name shown in the logo, titles and metadata. */
export const SITE_NAME = 'Optiq';
/** Default description for pages that set none. */
export const SITE_DESCRIPTION =
  'Image-analysis APIs for object and room detection, classification, similar-image search and photo authenticity, with docs, live demos and pay-per-use pricing.';

/** Industry pages linked from the navigation (healthcare is reachable by route only). */
export const NAV_INDUSTRIES = [
  { href: '/industries/real-estate', label: 'Real Estate' },
  { href: '/industries/manufacturing', label: 'Manufacturing' },
  { href: '/industries/insurance', label: 'Insurance' },
  { href: '/industries/retail', label: 'Retail' },
  { href: '/industries/security', label: 'Security' },
  { href: '/industries/automotive', label: 'Automotive' },
  { href: '/industries/agriculture', label: 'Agriculture' },
] as const;

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
