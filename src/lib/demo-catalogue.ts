/** The six demos (each runs the real analysis): the /demo index cards and each demo page's header read this one list. */
export interface DemoEntry {
  /** Route under /demo/. */
  slug:
    | 'object-detection'
    | 'image-captioning'
    | 'similar-images'
    | 'photo-validation'
    | 'watermark-detection'
    | 'face-analysis';
  title: string;
  /** Category badge. */
  category: string;
  description: string;
  features: readonly string[];
}

export const DEMOS: readonly DemoEntry[] = [
  {
    slug: 'object-detection',
    title: 'Object Detection',
    category: 'Computer Vision',
    description:
      'Find fixtures and furniture in room photos, with a confidence score and bounding box for each object.',
    features: ['80 everyday object classes', 'Room category detection', 'Bounding boxes and confidence'],
  },
  {
    slug: 'image-captioning',
    title: 'Image Captioning',
    category: 'AI Description',
    description: 'Describe a photo in natural language, in the style and length your product needs.',
    features: [
      'Four caption styles',
      'Short, medium or long',
      'Composed from detected objects, text and colours',
    ],
  },
  {
    slug: 'similar-images',
    title: 'Similar Image Search',
    category: 'Image Search',
    description:
      'Find visually similar images and near duplicates in a gallery of openly licensed photos, with a similarity threshold and category filter.',
    features: ['Up to 50 matches', 'Adjustable threshold', 'Category filtering'],
  },
  {
    slug: 'photo-validation',
    title: 'Photo Validation',
    category: 'Authentication',
    description:
      'Check a photo for evidence of AI generation, editing and re-photographing: Content Credentials, declared metadata, generator watermarks and camera signals.',
    features: ['AI-generation evidence', 'Editing evidence', 'Metadata analysis'],
  },
  {
    slug: 'watermark-detection',
    title: 'Watermark Detection',
    category: 'Security',
    description:
      'Spot visible watermarks, the invisible marks of image generators and stock-agency wordmarks before an image is published.',
    features: ['Visible and invisible marks', 'Stock-agency wordmarks', 'Tunable sensitivity'],
  },
  {
    slug: 'face-analysis',
    title: 'Face Analysis',
    category: 'Computer Vision',
    description:
      'Find faces and check them against profile-photo rules: landmarks, head pose, open eyes, sharpness, exposure and signs of a face shown on a screen. No identification.',
    features: ['Boxes and landmarks', 'Profile-photo policy check', 'Presentation-attack indicator'],
  },
];

/** The entry of a demo page (throws at build time on a typo, never at run time). */
export function demoBySlug(slug: DemoEntry['slug']): DemoEntry {
  const demo = DEMOS.find((d) => d.slug === slug);
  if (!demo) throw new Error(`Unknown demo "${slug}"`);
  return demo;
}
