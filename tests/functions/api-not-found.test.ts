import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/server/http/errors';
import { findRoute, type FunctionRoute } from '../../src/local/function-routes';
import apiNotFound from '../../functions/api-not-found';
import apiNotFoundPages from '../../functions/api-not-found-pages';
import { FALLBACK_PAGE } from '../../src/server/catalogue/not-found-page';
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

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('GET /api/{unknown}: the page for a browser, JSON for a program', () => {
  it.each([[undefined], ['*/*'], ['application/json'], ['text/html, application/json']])(
    'Accept %s gets the JSON error body',
    async (accept) => {
      const res = await apiNotFoundPages(
        new Request('http://localhost/api/no-such-api', { headers: accept ? { Accept: accept } : {} }),
      );
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('vary')).toBe('Accept');
      const body = errorBodySchema.parse(await res.json());
      expect(body.error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'No API endpoint answers GET /api/no-such-api',
      });
    },
  );

  it('a browser\'s Accept gets the built "API Not Found" page with status 404', async () => {
    const res = await apiNotFoundPages(
      new Request('http://localhost/api/no-such-api', { headers: { Accept: BROWSER_ACCEPT } }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    const html = await res.text();
    expect(html).toContain('API Not Found');
    expect(html).toContain('The requested API could not be found.');
    expect(html).toContain('href="/apis"');
    // The build's page when there is one (the site's header and footer), else the bare fallback.
    if (html !== FALLBACK_PAGE) expect(html).toMatch(/<header|<nav/);
  });

  it('HEAD answers the same status and type without a body; other methods are not its', async () => {
    const head = await apiNotFoundPages(
      new Request('http://localhost/api/x', { method: 'HEAD', headers: { Accept: BROWSER_ACCEPT } }),
    );
    expect(head.status).toBe(404);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await head.text()).toBe('');
    const post = await apiNotFoundPages(new Request('http://localhost/api/x', { method: 'POST' }));
    expect(post.status).toBe(405);
  });
});

describe('the catch-alls never shadow a real endpoint', () => {
  let functions: LoadedFunction[];
  let all: FunctionRoute[];
  beforeAll(async () => {
    functions = await loadFunctions();
    all = functions.flatMap((f) => f.routes);
  }, 60_000);

  const specific = () =>
    functions.filter((f) => !f.name.startsWith('api-not-found')).flatMap((f) => f.routes);

  it('excludes every other function path from their own path lists (how Netlify routes them)', () => {
    const catchAlls = functions.filter((f) => f.name.startsWith('api-not-found'));
    expect(catchAlls.map((f) => f.name).sort()).toEqual([
      'api-not-found',
      'api-not-found-methods',
      'api-not-found-pages',
    ]);
    for (const route of specific()) {
      for (const catchAll of catchAlls.flatMap((f) => f.routes)) {
        // `route.match` of a catch-all applies its excludedPath.
        expect(
          catchAll.match(samplePath(route.pattern)),
          `${catchAll.name} must exclude ${route.pattern}`,
        ).toBeNull();
      }
    }
  });

  it('routes every method of every endpoint path to its own function locally', () => {
    for (const route of specific()) {
      for (const method of route.methods ?? ['GET', 'POST', 'PUT', 'DELETE']) {
        expect(
          findRoute(all, method, samplePath(route.pattern))?.route.name,
          `${method} ${route.pattern}`,
        ).toBe(route.name);
      }
    }
  });

  it('sends GET /api/{unknown} to the negotiating function, and leaves a page the build has to the page', () => {
    const isStaticFile = (path: string) => path === '/api/image-object-detection';
    expect(findRoute(all, 'GET', '/api/unknown-thing', isStaticFile)?.route.name).toBe('api-not-found-pages');
    expect(findRoute(all, 'HEAD', '/api/unknown-thing', isStaticFile)?.route.name).toBe(
      'api-not-found-pages',
    );
    expect(findRoute(all, 'GET', '/api/image-object-detection', isStaticFile)).toBeNull();
    expect(findRoute(all, 'GET', '/api/apis', isStaticFile)?.route.name).toBe('apis');
    expect(findRoute(all, 'POST', '/api/unknown-thing')?.route.name).toBe('api-not-found-methods');
    expect(findRoute(all, 'GET', '/api/v1/unknown-thing')?.route.name).toBe('api-not-found');
  });
});
