/**
 * Counts and times every HTTP request by method, route template and status, once its response
 * has ended (or its client went away). The route is the declared template
 * (`/api/v1/decisions/:id/asks/:ask/answer`, api/route-template.ts), never the raw path; a
 * path nothing declares is `unmatched`.
 */
import type { Request, RequestHandler } from 'express';
import { httpRequestDuration, httpRequests } from '../runtime/metrics';
import { isApiPath, routeTemplateOf } from './route-template';

export const UNMATCHED = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request that has been answered. */
export function routeLabel(req: Request, status: number): string {
  const template = routeTemplateOf(req);
  if (template) return template;
  if (isApiPath(req)) return UNMATCHED;
  // The web app's pages share one route (an array of paths), and so one label.
  if (req.route !== undefined) return 'web_app';
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
