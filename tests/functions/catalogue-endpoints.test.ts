/**
 * The catalogue never claims an endpoint the server does not have: every endpoint listed in
 * content/apis is either served by a function (an exact route, not a catch-all) or marked
 * `planned`, which the API page shows as "Not available yet"; and a served one is never
 * marked planned.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/server/db';
import {
  listFunctionFiles,
  routesOf,
  type FunctionModule,
  type FunctionRoute,
} from '../../src/local/function-routes';

const root = resolve(import.meta.dirname, '../..');

async function servedRoutes(): Promise<FunctionRoute[]> {
  const files = listFunctionFiles(join(root, 'functions'));
  const mods = await Promise.all(
    files.map(async (f) => [f, (await import(pathToFileURL(f).href)) as FunctionModule] as const),
  );
  // A catch-all (`/api/v1/*`) answers unknown calls with 404: it serves nothing.
  return mods.flatMap(([f, m]) => routesOf(f, m)).filter((r) => !r.pattern.endsWith('*'));
}

describe('catalogue endpoints', async () => {
  const [{ apis }, routes] = await Promise.all([loadCatalogue(join(root, 'content')), servedRoutes()]);
  const endpoints = apis.flatMap((api) => api.endpoints.map((e) => ({ api: api.id, ...e })));

  it.each(endpoints.map((e) => [`${e.api}: ${e.method} ${e.path}`, e] as const))('%s', (_label, e) => {
    const concrete = e.path.replace(/\{(\w+)\}/g, 'example-$1');
    const served = routes.some(
      (r) => r.match(concrete) !== null && (!r.methods || r.methods.includes(e.method)),
    );
    expect(
      served,
      served ? 'served, so it must not be marked planned' : 'not served, so it must be marked planned',
    ).toBe(!e.planned);
  });

  it('uses only stored examples that exist', async () => {
    const { storedExamples } = await import('../../src/shared/examples');
    for (const e of endpoints) if (e.example) expect(storedExamples[e.example], e.example).toBeDefined();
  });
});
