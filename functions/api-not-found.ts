import type { Config } from '@netlify/functions';
import { HttpError } from '../src/server/http/errors';
import { defineHandler } from '../src/server/http/handler';

/** Every method a function can be routed for on Netlify. */
export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Unknown API calls answer the documented JSON error body with 404, never the HTML not-found
 * page a program could not read: everything under /api/v1, and (api-not-found-methods.ts) calls
 * other than GET/HEAD under /api/. GET /api/{id} shares its URLs with the catalogue's pages:
 * api-not-found-pages.ts answers those by the Accept header.
 */
const apiNotFound = defineHandler(ALL_METHODS, async (req) => {
  const { pathname } = new URL(req.url);
  throw new HttpError(404, 'NOT_FOUND', `No API endpoint answers ${req.method} ${pathname}`);
});

export default apiNotFound;

// Every path under /api/v1, whatever the method. The functions below win over the wildcard:
// excluded here (Netlify), and ranked before wildcards by the local router. A test checks this
// list names every other function path under /api/v1.
export const config: Config = {
  path: ['/api/v1', '/api/v1/*'],
  excludedPath: [
    '/api/v1/caption',
    '/api/v1/faces',
    '/api/v1/categories',
    '/api/v1/classify',
    '/api/v1/collections',
    '/api/v1/collections/:name',
    '/api/v1/collections/:name/images',
    '/api/v1/collections/:name/images/:id',
    '/api/v1/detect',
    '/api/v1/inspections',
    '/api/v1/inspections/:id',
    '/api/v1/label-sets',
    '/api/v1/label-sets/:id',
    '/api/v1/similar',
    '/api/v1/watermark',
    '/api/v1/watermark/brands',
    '/api/v1/watermark/brands/:id',
  ],
};
