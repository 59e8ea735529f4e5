/**
 * The contracts and the functions describe the same API: every route a function declares
 * (its `config.path`, with the methods its handler accepts) is an operation of the OpenAPI
 * document, and every operation has a function that answers it. A new endpoint needs a
 * contract in src/shared/contracts (listed in `operations`) and a function; nothing else.
 *
 * Why the functions repeat the contract's path instead of reading it: Netlify's bundler
 * (@netlify/zip-it-and-ship-it) reads `export const config` from the source without running it
 * and keeps only literal values, so `path: predictOperation.path` would deploy the function
 * without its route. The path stays a literal, and this test is the guard that it matches.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/lib/openapi/document';
import { operations } from '../../src/shared/contracts';
import { loadFunctions, samplePath } from '../support/function-catalogue';

/** `/api/apis/:id` -> `/api/apis/{id}` (OpenAPI's path template). */
const toTemplate = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

/**
 * The methods a function's handler accepts: from `config.method` when it filters, else from
 * the handler itself, whose 405 answer to a method it does not take lists them in `Allow`.
 */
async function acceptedMethods(
  handler: (req: Request, ctx: never) => Response | Promise<Response>,
  path: string,
  params: Record<string, string>,
  filter: readonly string[] | null,
) {
  if (filter) return [...filter];
  // The route parameters as the router hands them to the function.
  const res = await handler(new Request(`http://localhost${path}`, { method: 'OPTIONS' }), {
    ip: '127.0.0.1',
    params,
  } as never);
  expect(res.status, `${path} should refuse OPTIONS with 405 and an Allow header`).toBe(405);
  return (res.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
}

describe('OpenAPI document and functions', async () => {
  const functions = await loadFunctions();
  // The catch-alls (`api-not-found*`: `/api/*`, `/api/v1`) answer unknown calls with 404 and
  // serve nothing; a scheduled function has no route.
  const served = new Set<string>();
  for (const fn of functions.filter((f) => !f.name.startsWith('api-not-found'))) {
    for (const route of fn.routes.filter((r) => !r.pattern.includes('*'))) {
      const path = samplePath(route.pattern);
      for (const method of await acceptedMethods(
        fn.mod.default as never,
        path,
        route.match(path) ?? {},
        route.methods,
      )) {
        served.add(`${method} ${toTemplate(route.pattern)}`);
      }
    }
  }
  const doc = buildOpenApiDocument('http://localhost');
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );

  it('finds the routes of the functions', () => {
    expect(served).toContain('GET /api/apis/{id}');
    expect(served).toContain('POST /api/contacts');
    expect(served).toContain('GET /api/contacts');
  });

  it('documents every route a function declares', () => {
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
  });

  it('has a handler for every documented operation', () => {
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    expect(documented.size).toBe(operations.length);
  });
});
