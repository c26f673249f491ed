/**
 * Counts and times every HTTP request by method, route template and status, once its response
 * has ended (or its client went away). The route is the declared template
 * (`/api/v1/decisions/:id/asks/:ask/answer`), never the raw path, so ids never become labels:
 * an `/api/v1` path is matched against domain/routes/ itself, so a request refused before
 * routing (401, 429) still carries its route; a path nothing declares is `unmatched`.
 */
import type { Request, RequestHandler } from 'express';
import { API_ROUTES } from '../domain/routes/index';
import { httpRequestDuration, httpRequests } from '../runtime/metrics';

export const UNMATCHED = 'unmatched';
const API_PREFIX = '/api/v1';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Template = { method: string; path: string; segments: string[]; literals: number };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const TEMPLATES: Template[] = API_ROUTES.map((route) => {
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

/** The route label of a request that has been answered. */
export function routeLabel(req: Request, status: number): string {
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
    const template = apiTemplate(req.method, path.slice(API_PREFIX.length));
    return template ? `${API_PREFIX}${template}` : UNMATCHED;
  }
  // Outside the API: health, sign-in and the reference declare their routes; the web app's pages share one label.
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${req.baseUrl}${route}`;
  if (route !== undefined) return 'web_app';
  // The UI's files, served by the static middleware, which declares no route.
  return status < 400 && (req.method === 'GET' || req.method === 'HEAD') ? 'static' : UNMATCHED;
}

export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const labels = {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: routeLabel(req, res.statusCode),
        status: String(res.statusCode),
      };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    res.once('finish', record);
    // A stream or long-poll whose client left ends without `finish`.
    res.once('close', record);
    next();
  };
}
