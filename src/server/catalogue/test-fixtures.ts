/** A small catalogue for tests, independent of whatever `content/` holds today. */
import type { Catalogue } from '../db';

export const fixtureCatalogue: Catalogue = {
  apis: [
    {
      id: 'image-object-detection',
      name: 'Image Object Detection',
      description: 'Finds rooms and fixtures.',
      category: 'Computer Vision',
      price: 0.05,
      status: 'active',
      icon: 'fa-eye',
      features: ['Batches of up to 20 images'],
      endpoints: [
        {
          method: 'POST',
          path: '/api/v1/detect',
          planned: false,
          description: 'Detects objects.',
          request: { image_urls: [] },
        },
      ],
      useCases: ['listing-check'],
      pricingPlans: [
        {
          name: 'Testing',
          monthlyPrice: 19,
          requestsPerMonth: 200,
          sla: '99.9%',
          features: ['Email support'],
          popular: true,
        },
      ],
    },
    {
      id: 'zz-coming',
      name: 'A Coming Soon API',
      description: 'Not yet.',
      category: 'Security',
      price: 20,
      status: 'coming_soon',
      icon: 'fa-brain',
      features: ['Later'],
      endpoints: [{ method: 'GET', path: '/api/v1/later', planned: true, description: 'Later.' }],
      useCases: [],
      pricingPlans: [],
    },
  ],
  useCases: [
    {
      id: 'listing-check',
      name: 'Listing Check',
      description: 'Checks listings.',
      imageUrl: '/images/use-cases/listing.svg',
      imageAlt: 'A listing',
      industries: ['Real Estate'],
      applicableApis: ['image-object-detection'],
      benefits: ['Faster'],
    },
  ],
  apiCategories: [{ id: 'bathroom', name: 'Bathroom', objects: ['sink', 'toilet'] }],
};
