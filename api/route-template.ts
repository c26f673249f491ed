/**
 * The route a request matched, as declared (`/api/v1/decisions/:id`), so ids never become span
 * names or metric labels. An `/api/v1` path is matched against domain/routes/ itself, so a
 * request refused before routing (401, 429, 503 overloaded) still names its route.
 */
import type { Request } from 'express';
import { DECLARED_ROUTES } from '../domain/routes/index';

export const API_PREFIX = '/api/v1';

type Template = { method: string; path: string; segments: string[]; literals: number };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const TEMPLATES: Template[] = DECLARED_ROUTES.map((route) => {
  const segments = segmentsOf(route.path);
  return { method: route.method.toUpperCase(), path: route.path, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
});

function fits(template: Template, segments: string[]): boolean {
  return template.segments.length === segments.length && template.segments.every((part, i) => part.startsWith(':') || part === segments[i]);
}

/** The declared template a path under `/api/v1` names: the method's own first, a literal segment beating a parameter. */
export function apiTemplate(method: string, path: string): string | null {
  const segments = segmentsOf(path);
  const candidates = TEMPLATES.filter((template) => fits(template, segments));
  candidates.sort((a, b) => Number(b.method === method) - Number(a.method === method) || b.literals - a.literals);
  return candidates[0]?.path ?? null;
}

/** Whether the request's path is under `/api/v1`. */
export function isApiPath(req: Request): boolean {
  const path = req.originalUrl.split('?')[0] ?? '';
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/**
 * Read once the response is done. Outside the API, Express sets `req.route` as it dispatches
 * and leaves `req.baseUrl` at the matched router's mount path. Null when no single declared
 * route matched (static files, the web app's pages, the 404).
 */
export function routeTemplateOf(req: Request): string | null {
  if (isApiPath(req)) {
    const template = apiTemplate(req.method, (req.originalUrl.split('?')[0] ?? '').slice(API_PREFIX.length));
    return template ? `${API_PREFIX}${template}` : null;
  }
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : null;
}
