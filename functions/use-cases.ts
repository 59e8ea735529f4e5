import type { Config } from '@netlify/functions';
import { getUseCase, listUseCases } from '../src/server/catalogue/service';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { getUseCaseOperation } from '../src/shared/contracts/catalogue';
import { CATALOGUE_CACHE } from './apis';

/** GET /api/use-cases (every use case) and GET /api/use-cases/:id (404 NOT_FOUND if unknown). */
export default defineHandler(['GET'], async (_req, ctx) => {
  const headers = { 'Cache-Control': CATALOGUE_CACHE };
  if (!hasRouteParam(ctx, 'id')) return json(await listUseCases(getDb()), ctx, { headers });
  const { id } = getUseCaseOperation.params.parse({ id: routeParam(ctx, 'id') });
  return json(await getUseCase(getDb(), id), ctx, { headers });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/use-cases', '/api/use-cases/:id'] };
