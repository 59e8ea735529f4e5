import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Ids of the JSON entries in a content folder (file names without `.json`). */
function ids(folder: string): string[] {
  return readdirSync(join(process.cwd(), 'content', folder))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export const INDUSTRY_SLUGS = [
  'real-estate',
  'manufacturing',
  'insurance',
  'healthcare',
  'retail',
  'security',
  'automotive',
  'agriculture',
] as const;

export const MARKETING_ROUTES = [
  '/real-estate-analysis',
  '/ai-image-detection',
  '/similar-images',
  '/photo-authentication',
  '/virtual-inspection',
] as const;

export const DEMO_ROUTES = [
  '/demo/object-detection',
  '/demo/image-captioning',
  '/demo/face-analysis',
  '/demo/similar-images',
  '/demo/photo-validation',
  '/demo/watermark-detection',
] as const;

/** Every route of the spec's route table that answers 200, with the catalogue's ids expanded. */
export function allRoutes(): string[] {
  return [
    '/',
    '/apis',
    '/use-cases',
    ...ids('apis').map((id) => `/api/${id}`),
    ...ids('use-cases').map((id) => `/use-case/${id}`),
    '/docs',
    '/docs/image-object-detection',
    '/docs/accuracy',
    '/changelog',
    '/status',
    '/pricing',
    '/demo',
    ...DEMO_ROUTES,
    ...MARKETING_ROUTES,
    ...INDUSTRY_SLUGS.map((s) => `/industries/${s}`),
    '/c',
    '/signup',
    '/login',
    '/dashboard',
  ];
}

export const apiIds = () => ids('apis');
export const useCaseIds = () => ids('use-cases');
