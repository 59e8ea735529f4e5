import type { Config } from '@netlify/functions';
import { HttpError } from '../src/server/http/errors';
import { defineHandler, REQUEST_ID_HEADER } from '../src/server/http/handler';
import { prefersHtml } from '../src/server/http/negotiate';
import { apiNotFoundPage } from '../src/server/catalogue/not-found-page';

/**
 * GET and HEAD of an unknown path under /api/. The same URLs are the catalogue's pages
 * (`/api/{id}`), so the answer follows the Accept header: a browser gets the "API Not Found"
 * page, a program (curl, `fetch()`, an SDK: no `text/html` preferred) the documented JSON error
 * body; both with status 404. Known catalogue ids never get here: `preferStatic` leaves a path
 * the build has a page for to that page (on Netlify, and in the local runtime).
 */
export default defineHandler(['GET', 'HEAD'], async (req, ctx) => {
  const { pathname } = new URL(req.url);
  if (!prefersHtml(req.headers.get('accept'))) {
    throw new HttpError(404, 'NOT_FOUND', `No API endpoint answers ${req.method} ${pathname}`, {
      headers: { Vary: 'Accept' },
    });
  }
  return new Response(req.method === 'HEAD' ? null : apiNotFoundPage(), {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      Vary: 'Accept',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      [REQUEST_ID_HEADER]: ctx.requestId,
    },
  });
});

// Every other function path under /api/ is excluded, as in api-not-found-methods.ts (Netlify reads
// this object as literals, so the list cannot be shared; a test checks both against every function).
// /api/v1 belongs to api-not-found.ts, which answers JSON to everyone.
export const config: Config = {
  path: '/api/*',
  // @ts-expect-error Netlify's bundler accepts HEAD here (its config schema lists it); the type omits it.
  method: ['GET', 'HEAD'],
  preferStatic: true,
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
