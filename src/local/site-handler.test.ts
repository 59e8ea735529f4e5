import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile } from '../integrations/csp';
import type { FunctionModule } from './function-routes';
import { createSiteHandler, type SiteHandler } from './site-handler';

/** A tiny project: the real netlify.toml and a build with the pages its rules point at. */
function makeProject(): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'optiq-site-test-'));
  writeFileSync(
    join(root, 'netlify.toml'),
    readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8'),
  );
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'api'), { recursive: true });
  const page = (name: string, text: string) =>
    writeFileSync(join(dist, name), `<!doctype html><h1>${text}</h1>`);
  page('index.html', 'Home');
  page('404.html', '404 Page Not Found');
  page('api-not-found.html', 'API Not Found');
  page('use-case-not-found.html', 'Use Case Not Found');
  page('api/known.html', 'Known API');
  // The build writes the Content-Security-Policy beside the pages.
  writeFileSync(join(dist, '_headers'), headersFile(["'sha256-abc='"]));
  return { root, dist };
}

const echo: FunctionModule = {
  default: (req, ctx) => Response.json({ method: req.method, params: ctx.params, ip: ctx.ip }),
  config: { path: ['/api/apis', '/api/apis/:id'] },
};

/** Netlify's `preferStatic`: answers only the paths the build has no file for. */
const fallback: FunctionModule = {
  default: (req) => new Response(`fallback for ${new URL(req.url).pathname}`, { status: 404 }),
  config: { path: '/api/*', method: ['GET', 'HEAD'], preferStatic: true },
};

let site: SiteHandler;
beforeAll(async () => {
  const { root } = makeProject();
  site = await createSiteHandler({
    projectRoot: root,
    functionFiles: ['/virtual/apis.ts', '/virtual/fallback.ts'],
    loadModule: async (file) => (file.endsWith('fallback.ts') ? fallback : echo),
  });
});
afterAll(async () => {
  await site.stop();
});

const get = (path: string) => site.handle(new Request(`http://localhost${path}`), '10.0.0.1');

describe('local site handler', () => {
  it('answers function routes in-process with their parameters and the client address', async () => {
    const res = await get('/api/apis/known');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'GET', params: { id: 'known' }, ip: '10.0.0.1' });
  });

  it("serves pages without their .html extension, with netlify.toml's and the build's headers", async () => {
    const res = await get('/api/known');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Known API');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain(
      "script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='",
    );
  });

  it('leaves a path the build has a file for to that file when the function prefers static ones', async () => {
    const known = await get('/api/known');
    expect(known.status).toBe(200);
    expect(await known.text()).toContain('Known API');
    const unknown = await get('/api/unknown');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('fallback for /api/unknown');
    // Literal and `:name` routes still win over the wildcard.
    expect(await (await get('/api/apis/x')).json()).toMatchObject({ params: { id: 'x' } });
  });

  it("applies a not-found rule's 404 status, as Netlify does", async () => {
    const useCase = await get('/use-case/unknown');
    expect(useCase.status).toBe(404);
    expect(await useCase.text()).toContain('Use Case Not Found');
  });

  it('never throws on malformed percent-encoding or NUL escapes in the path', async () => {
    for (const path of [
      '/%ZZ',
      '/api/%E0%A4%A',
      '/use-case/%ZZ',
      '/%00',
      '/api/%00',
      '/_astro/%ZZ.js',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    expect(await (await get('/api/apis/%ZZ')).json()).toMatchObject({ params: { id: '%ZZ' } });
  });

  it('answers anything else with the 404 page', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('404 Page Not Found');
  });
});

describe('local site handler on a build outside the project folder', () => {
  it('serves that build, with its headers, its 404 page and the functions', async () => {
    const { root, dist } = makeProject();
    // A copy of the build somewhere else, with a page of its own (the project's dist/ is not it).
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'optiq-other-build-')), 'build');
    cpSync(dist, elsewhere, { recursive: true });
    writeFileSync(join(elsewhere, 'only-here.html'), '<!doctype html><h1>Only in the other build</h1>');
    const other = await createSiteHandler({
      projectRoot: root,
      distDir: elsewhere,
      functionFiles: ['/virtual/apis.ts'],
      loadModule: async () => echo,
    });
    try {
      const at = (path: string) => other.handle(new Request(`http://localhost${path}`), '10.0.0.2');
      const page = await at('/only-here');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Only in the other build');
      expect(page.headers.get('content-security-policy')).toContain("'sha256-abc='");
      expect((await at('/')).status).toBe(200);
      const missing = await at('/no-such-page');
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('404 Page Not Found');
      expect(await (await at('/api/apis/x')).json()).toMatchObject({ params: { id: 'x' } });
    } finally {
      await other.stop();
    }
    // Stopping removes the folder made to serve it, never the build itself.
    expect(existsSync(join(elsewhere, 'only-here.html'))).toBe(true);
  });
});
