/**
 * Every function in `functions/`, loaded as the local runtime loads them, with its routes:
 * the test suites that must cover each endpoint (routing, fuzzing) enumerate them from here
 * rather than from a hand-kept list.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  listFunctionFiles,
  routesOf,
  type FunctionModule,
  type FunctionRoute,
} from '../../src/local/function-routes';

export const FUNCTIONS_DIR = join(import.meta.dirname, '../../functions');

export interface LoadedFunction {
  name: string;
  file: string;
  mod: FunctionModule;
  routes: FunctionRoute[];
}

export async function loadFunctions(): Promise<LoadedFunction[]> {
  return Promise.all(
    listFunctionFiles(FUNCTIONS_DIR).map(async (file) => {
      const mod = (await import(pathToFileURL(file).href)) as FunctionModule;
      const routes = routesOf(file, mod);
      return { name: routes[0]?.name ?? file, file, mod, routes };
    }),
  );
}

/** A concrete path for a route pattern: `:name` segments filled with `value`, `*` with `x/y`. */
export function samplePath(pattern: string, value = 'sample'): string {
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? value : part === '*' ? 'x/y' : part))
    .join('/');
}
