import { HttpError } from './errors';
import type { HandlerContext } from './handler';

/**
 * The path parameter `name` of the matched route (`/api/apis/:id` -> `id`), as the router put it
 * in the context (Netlify's `context.params`; the local runtime's dispatcher builds the same,
 * decoded). Handlers never parse the URL path themselves. Empty, or holding a slash or a control
 * character (`%2F`, `%00`): a 404, no such resource.
 */
export function routeParam(ctx: Pick<HandlerContext, 'params'>, name: string): string {
  const value = ctx.params[name];
  // No id holds a slash or a control character (NUL would even fail the database query).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are rejected
  if (!value || value.includes('/') || /[\u0000-\u001f\u007f]/.test(value))
    throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return value;
}

/** True when the matched route has the parameter `name` (an item path), false on the collection path. */
export function hasRouteParam(ctx: Pick<HandlerContext, 'params'>, name: string): boolean {
  return ctx.params[name] !== undefined;
}
