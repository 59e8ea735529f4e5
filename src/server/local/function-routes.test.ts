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
});

describe('listFunctionFiles', () => {
  it('lists the project functions and leaves tests out', () => {
    const files = listFunctionFiles(join(import.meta.dirname, '../../../functions')).map((f) => f.split('/').pop());
    expect(files).toContain('apis.ts');
    expect(files).toContain('detect.ts');
    expect(files.some((f) => f?.includes('.test.'))).toBe(false);
  });
});
