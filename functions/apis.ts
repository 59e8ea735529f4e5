import type { Config } from '@netlify/functions';
import { getApi, listApis } from '../src/server/catalogue/service';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { getApiOperation } from '../src/shared/contracts/catalogue';

/** The catalogue changes only on deploy + seed: a short shared cache is safe. */
export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** GET /api/apis (every API) and GET /api/apis/:id (one API, 404 NOT_FOUND if unknown). */
export default defineHandler(['GET'], async (_req, ctx) => {
  const headers = { 'Cache-Control': CATALOGUE_CACHE };
  if (!hasRouteParam(ctx, 'id')) return json(await listApis(getDb()), ctx, { headers });
  const { id } = getApiOperation.params.parse({ id: routeParam(ctx, 'id') });
  return json(await getApi(getDb(), id), ctx, { headers });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/apis', '/api/apis/:id'] };
