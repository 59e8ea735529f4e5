/**
 * Routes requests to the Netlify Functions in `functions/` the way Netlify does: by each
 * function's `config.path` (a string or a list; `:name` segments and a trailing `*`) and, when
 * given, `config.method`. Used by the local runtime (`npm start`) and the dev server, which both
 * run the functions in-process so the embedded database and the vision model stay loaded.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** What a function module exports (Netlify Functions v2). */
export interface FunctionModule {
  default: (req: Request, context: FunctionContext) => Response | Promise<Response>;
  config?:
    | {
        path?: string | string[];
        excludedPath?: string | string[];
        method?: string | string[];
        preferStatic?: boolean;
      }
    | undefined;
}

/** The part of Netlify's `Context` our functions may read. */
export interface FunctionContext {
  ip: string;
  params: Record<string, string>;
  requestId: string;
  /** Runs `promise` on after the response is handed back; the runtime waits for it on shutdown (the dispatcher gives it under `npm start` and `npm run dev` alike). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** One compiled `config.path` of one function. */
export interface FunctionRoute {
  /** Function name (file name without extension). */
  name: string;
  /** Source file of the function. */
  file: string;
  pattern: string;
  methods: readonly string[] | null;
  /** 0 for a literal path, 1 with `:name` segments, 2 with a wildcard: lower wins. */
  rank: number;
  /** Netlify's `preferStatic`: a file of the build at the request path is served instead. */
  preferStatic: boolean;
  match(pathname: string): Record<string, string> | null;
}

/** The function source files in `dir`: every top-level `.ts`/`.mts`/`.js` file except tests. */
export function listFunctionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?ts|m?js)$/.test(e.name) && !/\.(test|spec)\.[mc]?[jt]s$/.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles a Netlify path pattern: `/api/apis/:id` matches one segment into `params.id`,
 * a trailing `/*` matches anything below (including nothing). Matching is exact otherwise.
 */
export function compilePattern(pattern: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  let source = '';
  for (const part of pattern.split('/').slice(1)) {
    if (part === '*') {
      source += '(?:/(.*))?';
      names.push('*');
    } else if (part.startsWith(':')) {
      source += '/([^/]+)';
      names.push(part.slice(1));
    } else {
      source += `/${escapeRe(part)}`;
    }
  }
  const re = new RegExp(`^${source || '/'}$`);
  return (pathname) => {
    const m = re.exec(pathname);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      const value = m[i + 1];
      if (value !== undefined) params[n] = safeDecode(value);
    });
    return params;
  };
}

/** Decoded text, or the raw text when its percent-encoding is malformed (`%ZZ`): never throws. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Specificity of a path pattern, the order routes are tried in. */
function rankOf(pattern: string): number {
  if (pattern.includes('*')) return 2;
  return pattern.split('/').some((part) => part.startsWith(':')) ? 1 : 0;
}

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/**
 * The routes a loaded function module declares; a function without `config.path` has none.
 * A path in `config.excludedPath` does not reach the function, as on Netlify.
 */
export function routesOf(file: string, mod: Pick<FunctionModule, 'config'>): FunctionRoute[] {
  const name = basename(file).replace(/\.[^.]+$/, '');
  const methods = asList(mod.config?.method).map((m) => m.toUpperCase());
  const excluded = asList(mod.config?.excludedPath).map(compilePattern);
  return asList(mod.config?.path).map((pattern) => {
    const matchPath = compilePattern(pattern);
    return {
      name,
      file,
      pattern,
      methods: methods.length > 0 ? methods : null,
      rank: rankOf(pattern),
      preferStatic: mod.config?.preferStatic === true,
      match: (pathname: string) => (excluded.some((ex) => ex(pathname)) ? null : matchPath(pathname)),
    };
  });
}

/** A route matched against a request, with its path parameters. */
export interface RouteMatch {
  route: FunctionRoute;
  params: Record<string, string>;
}

/**
 * The most specific route whose path matches and whose method filter (if any) allows
 * `method`: literal paths before `:name` paths before wildcards, then in declaration order, so
 * a catch-all such as `/api/v1/*` never shadows `/api/v1/detect` whatever the file order.
 * A function whose method filter excludes the request is skipped, as on Netlify, and so is a
 * `preferStatic` function when `isStaticFile` says the build has a file at the path (without
 * `isStaticFile`, a caller that cannot tell, such as the dev server, skips those functions).
 */
export function findRoute(
  routes: readonly FunctionRoute[],
  method: string,
  pathname: string,
  isStaticFile?: (pathname: string) => boolean,
): RouteMatch | null {
  const ordered = [...routes].sort((a, b) => a.rank - b.rank);
  for (const route of ordered) {
    if (route.methods && !route.methods.includes(method.toUpperCase())) continue;
    if (route.preferStatic && (!isStaticFile || isStaticFile(pathname))) continue;
    const params = route.match(pathname);
    if (params) return { route, params };
  }
  return null;
}
