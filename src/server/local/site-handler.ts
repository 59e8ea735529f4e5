/**
 * The local runtime's request chain, in Netlify's order: a function whose `config.path` matches,
 * then the static build with netlify.toml's headers and redirects (through @netlify/dev's
 * `NetlifyDev`, with everything but those three features off), then the 404 page.
 *
 * Functions run in this process rather than in @netlify/dev's worker-per-request: the embedded
 * database is a single-connection PGlite that only one thread may open, and the vision model
 * would otherwise load again for every request.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { findRoute, routesOf, type FunctionModule, type FunctionRoute } from './function-routes';

export interface SiteHandlerOptions {
  /** Folder holding netlify.toml. */
  projectRoot: string;
  /** The built site to serve; defaults to netlify.toml's publish folder. */
  distDir?: string | undefined;
  /** Function source files. */
  functionFiles: readonly string[];
  /** Loads a function module (plain `import()` for `npm start`, Vite's loader for dev). */
  loadModule: (file: string) => Promise<FunctionModule>;
  /** Reload function modules on every request (dev: picks up edits). */
  reloadPerRequest?: boolean;
}

export interface SiteHandler {
  routes: readonly FunctionRoute[];
  handle(req: Request, clientIp: string): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * NetlifyDev serves netlify.toml's publish folder. To serve another build (parallel test runs,
 * benchmarks), hand it a copy of netlify.toml whose publish points there.
 */
function projectRootFor(projectRoot: string, distDir: string | undefined): string {
  if (!distDir || resolve(distDir) === resolve(projectRoot, 'dist')) return projectRoot;
  const toml = readFileSync(join(projectRoot, 'netlify.toml'), 'utf8');
  const patched = toml.replace(/^(\s*publish\s*=\s*)"[^"]*"/m, `$1${JSON.stringify(resolve(distDir))}`);
  const dir = mkdtempSync(join(tmpdir(), 'optiq-site-'));
  writeFileSync(join(dir, 'netlify.toml'), patched);
  return dir;
}

/** Starts the request chain. */
export async function createSiteHandler(opts: SiteHandlerOptions): Promise<SiteHandler> {
  const loaded = await Promise.all(opts.functionFiles.map(async (file) => routesOf(file, await opts.loadModule(file))));
  const routes = loaded.flat();

  const netlify = new NetlifyDev({
    projectRoot: projectRootFor(opts.projectRoot, opts.distDir),
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    server: { enabled: false },
    skipGitignore: true,
  });
  await netlify.start();

  async function notFound(origin: string): Promise<Response> {
    const page = await netlify.handle(new Request(`${origin}/404`));
    if (!page) return new Response('404 Page Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    return new Response(page.body, { status: 404, headers: page.headers });
  }

  async function handle(req: Request, clientIp: string): Promise<Response> {
    const url = new URL(req.url);
    const hit = findRoute(routes, req.method, url.pathname);
    if (hit) {
      const mod = opts.reloadPerRequest ? await opts.loadModule(hit.route.file) : await loadCached(hit.route.file);
      return mod.default(req, { ip: clientIp, params: hit.params, requestId: crypto.randomUUID() });
    }
    const response = await netlify.handle(req);
    if (response) return response;
    return notFound(url.origin);
  }

  const cache = new Map<string, Promise<FunctionModule>>();
  const loadCached = (file: string) => {
    let mod = cache.get(file);
    if (!mod) cache.set(file, (mod = opts.loadModule(file)));
    return mod;
  };

  return { routes, handle, stop: () => netlify.stop() };
}
