import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePattern, findRoute, listFunctionFiles, routesOf } from './function-routes';

describe('compilePattern', () => {
  it('matches literal paths exactly', () => {
    const match = compilePattern('/api/apis');
    expect(match('/api/apis')).toEqual({});
    expect(match('/api/apis/')).toBeNull();
    expect(match('/api/apis/x')).toBeNull();
    expect(match('/api/apisx')).toBeNull();
  });

  it('captures named segments, decoded, one segment each', () => {
    const match = compilePattern('/api/apis/:id');
    expect(match('/api/apis/image-object-detection')).toEqual({ id: 'image-object-detection' });
    expect(match('/api/apis/a%20b')).toEqual({ id: 'a b' });
    expect(match('/api/apis/a/b')).toBeNull();
    expect(match('/api/apis')).toBeNull();
  });

  it('treats a trailing * as anything below, including nothing', () => {
    const match = compilePattern('/api/v1/*');
    expect(match('/api/v1/detect/x')).toEqual({ '*': 'detect/x' });
    expect(match('/api/v1')).toEqual({});
    expect(match('/api/v2/detect')).toBeNull();
  });

  it('escapes regular-expression characters in literal parts', () => {
    expect(compilePattern('/a.b')('/axb')).toBeNull();
  });
});

describe('findRoute', () => {
  const routes = [
    ...routesOf('/f/detect.ts', { config: { path: '/api/v1/detect', method: ['POST'] } }),
    ...routesOf('/f/apis.ts', { config: { path: ['/api/apis', '/api/apis/:id'] } }),
    ...routesOf('/f/legacy.ts', { config: undefined }),
  ];

  it('picks the function by path and passes its parameters', () => {
    const hit = findRoute(routes, 'GET', '/api/apis/x');
    expect(hit?.route.name).toBe('apis');
    expect(hit?.params).toEqual({ id: 'x' });
  });

  it('skips a function whose method filter excludes the request, as Netlify does', () => {
    expect(findRoute(routes, 'POST', '/api/v1/detect')?.route.name).toBe('detect');
    expect(findRoute(routes, 'GET', '/api/v1/detect')).toBeNull();
  });

  it('lets a function without a method filter see every method', () => {
    expect(findRoute(routes, 'DELETE', '/api/apis')?.route.name).toBe('apis');
  });

  it('gives a function without config.path no route', () => {
    expect(routes.some((r) => r.name === 'legacy')).toBe(false);
  });

  it("leaves a preferStatic function's path to the build's file, and skips it when files cannot be checked", () => {
    const pages = routesOf('/f/pages.ts', {
      config: { path: '/api/*', method: ['GET'], preferStatic: true },
    });
    const isStaticFile = (path: string) => path === '/api/known';
    expect(findRoute(pages, 'GET', '/api/unknown', isStaticFile)?.route.name).toBe('pages');
    expect(findRoute(pages, 'GET', '/api/known', isStaticFile)).toBeNull();
    expect(findRoute(pages, 'GET', '/api/unknown')).toBeNull();
    expect(findRoute([...routes, ...pages], 'GET', '/api/apis/x', isStaticFile)?.route.name).toBe('apis');
  });
});

describe('route precedence, as on Netlify', () => {
  // The catch-alls come first on purpose: file order must not decide.
  const routes = [
    ...routesOf('/f/api-not-found.ts', { config: { path: ['/api/v1', '/api/v1/*'] } }),
    ...routesOf('/f/api-not-found-methods.ts', {
      config: {
        path: '/api/*',
        method: ['POST', 'DELETE'],
        excludedPath: ['/api/contacts', '/api/apis/:id', '/api/v1/*'],
      },
    }),
    ...routesOf('/f/apis.ts', { config: { path: ['/api/apis', '/api/apis/:id'] } }),
    ...routesOf('/f/detect.ts', { config: { path: '/api/v1/detect' } }),
    ...routesOf('/f/contacts.ts', { config: { path: '/api/contacts' } }),
  ];
  const name = (method: string, path: string) => findRoute(routes, method, path)?.route.name ?? null;

  it('prefers a literal path over a wildcard that also matches', () => {
    expect(name('POST', '/api/v1/detect')).toBe('detect');
    expect(name('GET', '/api/v1/detect')).toBe('detect');
    expect(name('GET', '/api/v1/nothing')).toBe('api-not-found');
    expect(name('GET', '/api/v1')).toBe('api-not-found');
  });

  it('prefers a :name path over a wildcard, and a literal over a :name path', () => {
    expect(name('DELETE', '/api/apis/x')).toBe('apis');
    expect(name('DELETE', '/api/apis')).toBe('apis');
  });

  it('leaves excluded paths to other functions, and methods outside the filter to the site', () => {
    expect(name('POST', '/api/contacts')).toBe('contacts');
    expect(name('POST', '/api/nothing')).toBe('api-not-found-methods');
    expect(name('GET', '/api/nothing')).toBeNull();
    expect(name('POST', '/api/v1/x')).toBe('api-not-found');
  });

  it('does not throw on malformed percent-encoding in a parameter', () => {
    expect(findRoute(routes, 'GET', '/api/apis/%ZZ')?.params).toEqual({ id: '%ZZ' });
    expect(findRoute(routes, 'GET', '/api/apis/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });
});

describe('listFunctionFiles', () => {
  it('lists the project functions and leaves tests out', () => {
    const files = listFunctionFiles(join(import.meta.dirname, '../../functions')).map((f) =>
      f.split('/').pop(),
    );
    expect(files).toContain('apis.ts');
    expect(files).toContain('detect.ts');
    expect(files.some((f) => f?.includes('.test.'))).toBe(false);
  });
});
