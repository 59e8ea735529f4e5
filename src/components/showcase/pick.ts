/**
 * Which showcase (content/showcase/<id>.json) each hero shows: the product output closest to
 * what the page sells. Pages not listed show object detection.
 */
export type ShowcaseId = 'detection' | 'room' | 'watermark' | 'provenance' | 'similar';

const BY_PAGE: Record<string, ShowcaseId> = {
  // Marketing pages (content/marketing/<slug>.json)
  'ai-image-detection': 'provenance',
  'photo-authentication': 'provenance',
  'similar-images': 'similar',
  'real-estate-analysis': 'room',
  'virtual-inspection': 'room',
  // Industry pages (content/industries/<slug>.json)
  'real-estate': 'room',
  insurance: 'provenance',
  retail: 'similar',
  healthcare: 'provenance',
  automotive: 'similar',
  security: 'watermark',
  // Use cases (content/use-cases/<id>.json)
  'marketplace-content-moderation': 'watermark',
  'insurance-claim-assessment': 'provenance',
  'retail-shelf-monitoring': 'similar',
  'property-listing-verification': 'provenance',
  'virtual-property-inspection': 'room',
};

export const showcaseFor = (slug: string): ShowcaseId => BY_PAGE[slug] ?? 'detection';
