/**
 * A server span per request, named by its route template (`POST /api/v1/decisions/:id/answer`),
 * active while the request is handled, so the Temporal client's spans and, through their
 * headers, the workflow's and the activities' join its trace. The response names that trace in
 * `traceparent`. Mounted only when tracing is on (runtime/tracing.ts).
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { RequestHandler } from 'express';
import { redactLinks } from './redact-links';
import { routeTemplateOf } from './route-template';

/** The probes' paths: asked every few seconds by each orchestrator, neither traced nor logged. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/livez', '/readyz']);

export function httpSpan(tracer: Tracer): RequestHandler {
  return (req, res, next) => {
    // Probes would bury the traces worth reading.
    if (PROBE_PATHS.has(req.path)) return next();
    // A caller's own trace (a `traceparent` it sent) is continued, as W3C Trace Context asks.
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        // The request id (api/request-id.ts, mounted first) links a trace to its log lines and problem bodies.
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: redactLinks(req.path), 'cast.request.id': String(req.id) },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    const carrier: Record<string, string> = {};
    propagation.inject(active, carrier);
    if (carrier.traceparent) res.setHeader('traceparent', carrier.traceparent);
    res.locals.traceId = span.spanContext().traceId;
    res.once('close', () => {
      const route = routeTemplateOf(req);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(active, next);
  };
}
