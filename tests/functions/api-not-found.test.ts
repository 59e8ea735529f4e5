import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/server/http/errors';
import { findRoute, type FunctionRoute } from '../../src/local/function-routes';
import apiNotFound from '../../functions/api-not-found';
import { loadFunctions, samplePath, type LoadedFunction } from '../support/function-catalogue';

describe('unknown API calls', () => {
  it.each([
    ['GET', '/api/v1/nothing'],
    ['GET', '/api/v1'],
    ['HEAD', '/api/v1/detect/extra'],
    ['POST', '/api/v1/nothing'],
    ['POST', '/api/nothing'],
    ['PUT', '/api/apis/x/y'],
    ['DELETE', '/api/anything/at/all'],
    ['OPTIONS', '/api/x'],
  ])('%s %s answers 404 with the documented JSON error body', async (method, path) => {
    const res = await apiNotFound(new Request(`http://localhost${path}`, { method }));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(errorBodySchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
  });
});

describe('the catch-alls never shadow a real endpoint', () => {
  let functions: LoadedFunction[];
  let all: FunctionRoute[];
  beforeAll(async () => {
    functions = await loadFunctions();
    all = functions.flatMap((f) => f.routes);
  }, 60_000);

  const specific = () => functions.filter((f) => !f.name.startsWith('api-not-found')).flatMap((f) => f.routes);

  it('excludes every other function path from their own path lists (how Netlify routes them)', () => {
    const catchAlls = functions.filter((f) => f.name.startsWith('api-not-found'));
    expect(catchAlls.map((f) => f.name).sort()).toEqual(['api-not-found', 'api-not-found-methods']);
    for (const route of specific()) {
      for (const catchAll of catchAlls.flatMap((f) => f.routes)) {
        // `route.match` of a catch-all applies its excludedPath.
        expect(catchAll.match(samplePath(route.pattern)), `${catchAll.name} must exclude ${route.pattern}`).toBeNull();
      }
    }
  });

  it('routes every method of every endpoint path to its own function locally', () => {
    for (const route of specific()) {
      for (const method of route.methods ?? ['GET', 'POST', 'PUT', 'DELETE']) {
        expect(findRoute(all, method, samplePath(route.pattern))?.route.name, `${method} ${route.pattern}`).toBe(route.name);
      }
    }
  });

  it('leaves GET /api/{id} to the "API Not Found" page', () => {
    expect(findRoute(all, 'GET', '/api/unknown-thing')).toBeNull();
    expect(findRoute(all, 'HEAD', '/api/unknown-thing')).toBeNull();
    expect(findRoute(all, 'POST', '/api/unknown-thing')?.route.name).toBe('api-not-found-methods');
    expect(findRoute(all, 'GET', '/api/v1/unknown-thing')?.route.name).toBe('api-not-found');
  });
});
