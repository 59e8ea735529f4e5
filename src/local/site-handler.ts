/**
 * The local runtime's request chain, in Netlify's order: a function whose `config.path` matches,
 * then the static build with netlify.toml's headers and redirects (through @netlify/dev's
 * `NetlifyDev`, with everything but those three features off), then the 404 page.
 *
 * Functions run in this process rather than in @netlify/dev's worker-per-request: the embedded
 * database is a single-connection PGlite that only one thread may open, and the vision model
 * would otherwise load again for every request.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { RedirectsHandler } from '@netlify/redirects';
import { createFunctionDispatcher } from './dispatch';
import type { FunctionModule, FunctionRoute } from './function-routes';

export interface SiteHandlerOptions {
  /** Folder holding netlify.toml. */
  projectRoot: string;
  /** The built site to serve; defaults to netlify.toml's publish folder. */
  distDir?: string | undefined;
  /** Function source files. */
  functionFiles: readonly string[];
  /** Loads a function module (`import()`). */
  loadModule: (file: string) => Promise<FunctionModule>;
}

export interface SiteHandler {
  routes: readonly FunctionRoute[];
  handle(req: Request, clientIp: string): Promise<Response>;
  /** Waits for the work functions left running after their responses (`context.waitUntil`). */
  flush(): Promise<void>;
  /** Flushes, then stops serving the build. */
  stop(): Promise<void>;
}

/**
 * NetlifyDev serves netlify.toml's publish folder, which Netlify's config requires to lie inside
 * the project folder. To serve another build (parallel test runs, benchmarks), hand it a folder
 * holding a copy of netlify.toml whose publish folder is a link to that build.
 */
function projectRootFor(projectRoot: string, distDir: string | undefined): string {
  if (!distDir || resolve(distDir) === resolve(projectRoot, 'dist')) return projectRoot;
  const dir = mkdtempSync(join(tmpdir(), 'optiq-site-'));
  const toml = readFileSync(join(projectRoot, 'netlify.toml'), 'utf8');
  writeFileSync(join(dir, 'netlify.toml'), toml.replace(/^(\s*publish\s*=\s*)"[^"]*"/m, '$1"dist"'));
  symlinkSync(resolve(distDir), join(dir, 'dist'), 'dir');
  return dir;
}

/** Starts the request chain. */
export async function createSiteHandler(opts: SiteHandlerOptions): Promise<SiteHandler> {
  const root = projectRootFor(opts.projectRoot, opts.distDir);
  const netlify = new NetlifyDev({
    projectRoot: root,
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
  const publishDir = resolve(opts.distDir ?? join(opts.projectRoot, 'dist'));
  // NetlifyDev serves a status rewrite (`status = 404`) with 200; Netlify answers with the
  // rule's status. The rule is looked up again to restore it.
  const redirects = new RedirectsHandler({
    configPath: join(root, 'netlify.toml'),
    // Read from configPath; nothing to add.
    configRedirects: [],
    projectDir: root,
    jwtRoleClaim: '',
    jwtSecret: '',
  });

  /** Whether the request path is a file of the build, as Netlify resolves it (`/a` -> `a.html`). */
  function isStaticFile(pathname: string): boolean {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const base = join(publishDir, path);
    if (base !== publishDir && !base.startsWith(publishDir + sep)) return false;
    return [base, `${base}.html`, join(base, 'index.html')].some(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
  }

  const functions = await createFunctionDispatcher({
    listFiles: () => opts.functionFiles,
    loadModule: opts.loadModule,
    isStaticFile,
  });

  function decodable(pathname: string): boolean {
    try {
      decodeURIComponent(pathname);
      return true;
    } catch {
      return false;
    }
  }

  async function notFound(origin: string): Promise<Response> {
    const page = await netlify.handle(new Request(`${origin}/404`));
    if (!page)
      return new Response('404 Page Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    return new Response(page.body, { status: 404, headers: page.headers });
  }

  async function handle(original: Request, clientIp: string): Promise<Response> {
    let req = original;
    let url = new URL(req.url);
    const answered = await functions.dispatch(req, clientIp);
    if (answered) return answered;
    if (!decodable(url.pathname)) {
      // NetlifyDev throws URIError on `%ZZ`; no file has such a name, so the path is passed on
      // with its `%` escaped and meets the not-found rules like any other unknown path.
      url = new URL(url);
      url.pathname = url.pathname.replaceAll('%', '%25');
      req = new Request(url, req);
    }
    const result = await netlify.handleAndIntrospect(req);
    if (!result) return notFound(url.origin);
    if (result.type === 'redirect' && !isStaticFile(url.pathname)) {
      const rule = await redirects.match(req);
      if (rule && !rule.redirect && rule.statusCode && rule.statusCode !== 200) {
        return new Response(result.response.body, {
          status: rule.statusCode,
          headers: result.response.headers,
        });
      }
    }
    return result.response;
  }

  return {
    routes: functions.routes,
    handle,
    flush: () => functions.flush(),
    stop: async () => {
      await functions.flush();
      await netlify.stop();
      // The folder made for a build outside the project (a netlify.toml copy and a link).
      if (root !== opts.projectRoot) rmSync(root, { recursive: true, force: true });
    },
  };
}
