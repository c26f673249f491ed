/**
 * Issue 29 item 5 — traces leave by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, and
 * nothing is installed when it is not. The standard OTEL_* variables are read through
 * runtime/env.ts and refused, naming the variable, when Cast cannot honour them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../runtime/env';
import { otlpTracesUrl, tracingFromEnv } from '../../runtime/tracing';
import { startOtlpReceiver } from '../support/otlp-receiver';

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver?.stop());

describe('the OTEL_* settings', () => {
  it('leave tracing off, with nothing installed, when no endpoint is set', () => {
    expect(tracingFromEnv(loadEnv({}), 'cast-api')).toBeNull();
  });

  it('append /v1/traces to the base endpoint, and take the traces endpoint as it is', () => {
    expect(otlpTracesUrl(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example:4318/' }))).toBe(
      'https://otel.example:4318/v1/traces',
    );
    expect(otlpTracesUrl(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/prefix' }))).toBe(
      'http://collector:4318/prefix/v1/traces',
    );
    const both = loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/traces' });
    expect(otlpTracesUrl(both)).toBe('http://b:4318/traces');
  });

  it('refuse what Cast cannot honour, naming the variable', () => {
    const refusal = (source: Record<string, string>) => {
      try {
        loadEnv(source);
      } catch (error) {
        if (error instanceof EnvError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toContain('http:// or https://');
    expect(refusal({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toContain('OTEL_EXPORTER_OTLP_PROTOCOL');
    expect(refusal({ OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toContain('OTEL_EXPORTER_OTLP_HEADERS');
    expect(loadEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }).warnings.join('\n')).toContain('http/json');
  });
});

describe('an OTLP export', () => {
  it('reaches the endpoint with the service name and the configured headers', async () => {
    const env = loadEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/collector/`,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20vendor-key,x-tenant=cast',
      OTEL_SERVICE_NAME: 'cast-api-eu',
    });
    const tracing = tracingFromEnv(env, 'cast-api');
    expect(tracing).not.toBeNull();
    tracing?.tracer.startActiveSpan('a unit of work', (span) => span.end());
    await tracing?.shutdown();

    expect(receiver.exports.map((entry) => entry.path)).toEqual(['/collector/v1/traces']);
    expect(receiver.exports[0]?.headers).toMatchObject({ authorization: 'Bearer vendor-key', 'x-tenant': 'cast' });
    expect(receiver.spans()).toEqual([
      expect.objectContaining({ service: 'cast-api-eu', name: 'a unit of work', traceId: expect.stringMatching(/^[0-9a-f]{32}$/) }),
    ]);
  });
});
