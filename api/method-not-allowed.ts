/**
 * A known path asked with a method it does not declare answers 405 `method_not_allowed` with
 * `Allow` (RFC 9110 §15.5.6), not 404: the path exists, the method is what is wrong. `OPTIONS`
 * answers 204 with the same `Allow` (RFC 9110 §9.3.7) — after authentication, like every other
 * method, since Cast serves no cross-origin caller and so answers no CORS preflight (issue 38
 * item 13). Mounted after every declared route, so it sees only what none of them took.
 */
import type { Router } from 'express';
import { DomainError } from '../domain/errors';
import type { RouteContract } from '../domain/routes/route';

/**
 * Each declared path with its methods, in declaration order (Express serves HEAD wherever it
 * serves GET), and OPTIONS, which every path answers.
 */
export function allowedMethods(routes: readonly RouteContract[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method.toUpperCase()]);
  for (const [path, methods] of byPath) byPath.set(path, [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']);
  return byPath;
}

export function refuseUndeclaredMethods(router: Router, routes: readonly RouteContract[]): void {
  // In declaration order: a literal path (`/decisions/archive-all`) before the parameter that would match it.
  for (const [path, methods] of allowedMethods(routes)) {
    const allow = methods.join(', ');
    router.options(path, (_req, res) => {
      res.set('Allow', allow).status(204).end();
    });
    router.all(path, (req, res) => {
      res.set('Allow', allow);
      // The declared path, not the one sent: an id from the URL is never echoed.
      throw new DomainError('method_not_allowed', `${req.method} is not a method of ${req.baseUrl}${path}; it takes ${allow}.`, {
        allow: methods,
      });
    });
  }
}
