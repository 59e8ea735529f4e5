import type { Config } from '@netlify/functions';
import apiNotFound from './api-not-found';

/** Calls other than GET/HEAD to an unknown path under /api/ answer a JSON 404 (see api-not-found). */
export default apiNotFound;

// GET and HEAD: api-not-found-pages.ts (the page or this JSON, by Accept). Existing function paths
// are excluded so they keep answering (or their own 405); a test checks this list against every
// function in this folder.
export const config: Config = {
  path: '/api/*',
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  excludedPath: [
    '/api/account',
    '/api/account/alerts',
    '/api/account/keys',
    '/api/account/keys/:id',
    '/api/account/login',
    '/api/account/logout',
    '/api/account/requests',
    '/api/account/signup',
    '/api/account/usage',
    '/api/apis',
    '/api/apis/:id',
    '/api/auth/login',
    '/api/auth/logout',
    '/api/auth/session',
    '/api/contacts',
    '/api/subscriptions',
    '/api/subscriptions/:id',
    '/api/demo/image-classification',
    '/api/demo/detect',
    '/api/demo/image-captioning',
    '/api/demo/face-analysis',
    '/api/demo/object-detection',
    '/api/demo/watermark-detection',
    '/api/demo/photo-validation',
    '/api/demo/similar-images',
    '/api/error',
    '/api/error-reports',
    '/api/health',
    '/api/predict',
    '/api/predict_batch',
    '/api/predict_batch/:job_id',
    '/api/status',
    '/api/use-cases',
    '/api/use-cases/:id',
    '/api/v1',
    '/api/v1/*',
    '/api/why_not_real',
  ],
};
