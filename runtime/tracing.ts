/**
 * OpenTelemetry for one Cast process: a tracer provider whose spans go to OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set. Unset, `tracingFromEnv` returns
 * null and nothing is installed: no provider, no context manager, no interceptors.
 */
import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Env } from './env';

/** What the API and the worker need to trace: a tracer, and the processor and resource the workflow sink exports with. */
export type Tracing = {
  tracer: Tracer;
  resource: Resource;
  spanProcessor: SpanProcessor;
  /** Sends the spans still buffered; call before the process exits. */
  shutdown(): Promise<void>;
};

let registered = false;

/**
 * The first provider registers the process-wide parts: the context manager that carries a
 * request's span through its `await`s to the Temporal client interceptor, and the W3C
 * `traceparent` propagator that puts it on the wire. `npm start` makes a second provider (the
 * worker's service name); its tracer is passed to the interceptors, so it needs no registering.
 */
export function startTracing(options: { serviceName: string; spanProcessor: SpanProcessor }): Tracing {
  const resource = Resource.default().merge(new Resource({ [ATTR_SERVICE_NAME]: options.serviceName }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [options.spanProcessor] });
  if (!registered) {
    provider.register();
    registered = true;
  }
  return {
    tracer: provider.getTracer('cast'),
    resource,
    spanProcessor: options.spanProcessor,
    shutdown: () => provider.shutdown(),
  };
}

/** The OTLP traces URL the environment names, or null when tracing is off. */
export function otlpTracesUrl(env: Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>): string | null {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // The spec appends the signal's path to the base URL, whatever path the base has.
  return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

/** Tracing by OTLP as the environment configures it; null (nothing installed) without an endpoint. */
export function tracingFromEnv(env: Env, defaultServiceName: string): Tracing | null {
  const url = otlpTracesUrl(env);
  if (!url) return null;
  const exporter = new OTLPTraceExporter({ url, headers: env.OTEL_EXPORTER_OTLP_HEADERS ?? {} });
  return startTracing({ serviceName: env.OTEL_SERVICE_NAME ?? defaultServiceName, spanProcessor: new BatchSpanProcessor(exporter) });
}
