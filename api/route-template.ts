/** The route a request matched, as declared (`/api/v1/decisions/:id`), so ids never become span names or labels. */
import type { Request } from 'express';

/**
 * Read once the response is done: Express sets `req.route` as it dispatches and leaves
 * `req.baseUrl` at the matched router's mount path when the handler answers. Null when no
 * route matched (static files, the 404).
 */
export function routeTemplateOf(req: Request): string | null {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return null;
  return `${req.baseUrl}${path}`;
}
