/**
 * The one path from a request to a function of `functions/` for both local servers (`npm start`
 * through site-handler.ts, `npm run dev` through dev-integration.ts): the route table from each
 * function's `config.path`, the matched route's parameters handed to the function as
 * `context.params` (as Netlify does), and Netlify's `context.waitUntil`.
 */
import { findRoute, routesOf, type FunctionModule, type FunctionRoute } from './function-routes';

export interface DispatcherOptions {
  /** The function source files (read again on every reload). */
  listFiles: () => readonly string[];
  /** Loads a function module (`import()`, or Vite's `ssrLoadModule` under the dev server). */
  loadModule: (file: string) => Promise<FunctionModule>;
  /**
   * Read the files and their routes again for every request (the dev server: an edited
   * function or `config.path` applies on the next request). Default: once, at start.
   */
  reload?: boolean;
  /**
   * Whether the build has a file at a request path, as Netlify resolves it: a `preferStatic`
   * function leaves such a path to the file. Without it those functions are skipped (the dev
   * server, whose pages are not files).
   */
  isStaticFile?: (pathname: string) => boolean;
}

export interface FunctionDispatcher {
  /** The route table as last loaded. */
  readonly routes: readonly FunctionRoute[];
  /** The function a request goes to, ready to call, or null when no function's route matches. */
  match(
    method: string,
    pathname: string,
  ): Promise<((req: Request, clientIp: string) => Promise<Response>) | null>;
  /** The matched function's response, or null when no function's route matches. */
  dispatch(req: Request, clientIp: string): Promise<Response | null>;
  /** Waits for the work functions left running after their responses (`context.waitUntil`). */
  flush(): Promise<void>;
}

interface RouteTable {
  modules: Map<string, FunctionModule>;
  routes: FunctionRoute[];
}

async function loadTable(opts: DispatcherOptions): Promise<RouteTable> {
  const modules = new Map<string, FunctionModule>();
  for (const file of opts.listFiles()) modules.set(file, await opts.loadModule(file));
  return { modules, routes: [...modules].flatMap(([file, mod]) => routesOf(file, mod)) };
}

export async function createFunctionDispatcher(opts: DispatcherOptions): Promise<FunctionDispatcher> {
  let table = await loadTable(opts);

  // Netlify's `context.waitUntil`: the promise runs on after the response; shutdown waits for it.
  const pending = new Set<Promise<unknown>>();
  function waitUntil(promise: Promise<unknown>): void {
    const tracked = promise.then(
      () => {},
      (error: unknown) => console.error('[functions] work left running after a response failed', error),
    );
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  }

  async function match(method: string, pathname: string) {
    if (opts.reload) table = await loadTable(opts);
    const hit = findRoute(table.routes, method, pathname, opts.isStaticFile);
    if (!hit) return null;
    const mod = table.modules.get(hit.route.file)!;
    return async (req: Request, clientIp: string) =>
      mod.default(req, { ip: clientIp, params: hit.params, requestId: crypto.randomUUID(), waitUntil });
  }

  return {
    get routes() {
      return table.routes;
    },
    match,
    async dispatch(req, clientIp) {
      const call = await match(req.method, new URL(req.url).pathname);
      return call ? call(req, clientIp) : null;
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
