/**
 * A stand-in OpenTelemetry collector on loopback: it accepts OTLP/HTTP JSON trace exports, as a
 * collector's `otlp` receiver does on port 4318, and keeps what arrived for a test to read.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSpan = { service: string; traceId: string; spanId: string; parentSpanId: string; name: string };
export type OtlpExport = { path: string; headers: IncomingHttpHeaders; spans: ReceivedSpan[] };

type Attribute = { key: string; value: { stringValue?: string } };
type Body = {
  resourceSpans?: Array<{
    resource?: { attributes?: Attribute[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string }> }>;
  }>;
};

function spansOf(body: Body): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resource) => {
    const service = resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
    return (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<{ url: string; exports: OtlpExport[]; spans(): ReceivedSpan[]; stop(): Promise<void> }> {
  const exports: OtlpExport[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      exports.push({ path: req.url ?? '', headers: req.headers, spans: spansOf(JSON.parse(text || '{}') as Body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans: () => exports.flatMap((entry) => entry.spans),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
