/**
 * Calls functions the way the runtime does: the request goes through the route table of the
 * given function modules (their `config.path`), and the matched function gets the route's
 * parameters in its context; a path none of them declares is answered by the `/api/*` catch-all
 * (functions/api-not-found.ts), as on the site.
 */
import * as apiNotFound from '../../functions/api-not-found';
import { findRoute, routesOf, type FunctionModule } from '../../src/local/function-routes';

/** What a test passes beside the request: the client address and, optionally, `waitUntil`. */
export interface CallContext {
  ip?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

type AnyFunctionModule = {
  default: (req: Request, context?: never) => Promise<Response> | Response;
  config?: unknown;
};

export function routed(
  ...modules: AnyFunctionModule[]
): (req: Request, ctx?: CallContext) => Promise<Response> {
  const table = new Map(modules.map((mod, i) => [`function-${i}`, mod as unknown as FunctionModule]));
  const routes = [...table].flatMap(([file, mod]) => routesOf(file, mod));
  return async (req, ctx = {}) => {
    const hit = findRoute(routes, req.method, new URL(req.url).pathname);
    const mod = hit ? table.get(hit.route.file)! : (apiNotFound as unknown as FunctionModule);
    return mod.default(req, {
      ip: ctx.ip ?? '127.0.0.1',
      params: hit?.params ?? {},
      requestId: crypto.randomUUID(),
      ...(ctx.waitUntil ? { waitUntil: ctx.waitUntil } : {}),
    });
  };
}
