/**
 * Issue 29 item 5 — an answer can be followed from the HTTP request into its workflow: the
 * request's server span, the Temporal client's update, the workflow's update handler and the
 * mirror activity it runs are spans of one trace, and the response names that trace in
 * `traceparent`. A real API and worker in this process, their spans kept in memory.
 */
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '../../runtime/tracing';
import { approvalAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';

const exporter = new InMemorySpanExporter();
let cast: TestCast;
beforeAll(async () => {
  const tracing = startTracing({ serviceName: 'cast-test', spanProcessor: new SimpleSpanProcessor(exporter) });
  cast = await startTestCast({ tracing });
}, 120_000);
afterAll(() => cast?.stop());

const named = (spans: ReadableSpan[], prefix: string) => spans.filter((span) => span.name.startsWith(prefix));

describe('one answer, one trace', () => {
  it('the HTTP span, the update, the workflow handler and its activity share the trace traceparent names', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({ question: 'Ship the tracing?', context: 'Operators asked for it.', asks: [approvalAsk()] });
    const id = filed.body.decision.id;

    const response = await cast.request(member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, {
      answer: { kind: 'approval', decision: 'approve' },
    });
    expect(response.status).toBe(200);
    const [version, traceId, httpSpanId, flags] = (response.headers.get('traceparent') ?? '').split('-');
    expect({ version, flags }).toEqual({ version: '00', flags: '01' });

    const inTrace = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    await expect.poll(() => named(inTrace(), 'RunActivity:').length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The HTTP span ends when the response closes, which can come a moment after the client has read it.
    const answerRoute = 'POST /api/v1/decisions/:id/asks/:ask/answer';
    await expect.poll(() => named(inTrace(), answerRoute).length, { timeout: 10_000 }).toBe(1);
    const spans = inTrace();

    const [server] = named(spans, answerRoute);
    expect(server?.kind).toBe(SpanKind.SERVER);
    expect(server?.spanContext().spanId).toBe(httpSpanId);
    expect(server?.attributes).toMatchObject({
      'http.route': '/api/v1/decisions/:id/asks/:ask/answer',
      'http.response.status_code': 200,
      'cast.request.id': response.headers.get('x-request-id'),
    });

    // Each span hangs from the one before it: request → update → handler → activity scheduled → activity run.
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const [activity] = named(spans, 'RunActivity:');
    const chain: string[] = [];
    for (let span = activity; span; span = span.parentSpanId ? byId.get(span.parentSpanId) : undefined) chain.unshift(span.name);
    expect(chain).toEqual([
      'POST /api/v1/decisions/:id/asks/:ask/answer',
      'StartWorkflowUpdate:answerAsk',
      'HandleUpdate:answerAsk',
      expect.stringMatching(/^StartActivity:/),
      expect.stringMatching(/^RunActivity:/),
    ]);
  });

  it('leaves the probes untraced', async () => {
    const probe = await fetch(`${cast.url}/healthz`);
    expect(probe.headers.get('x-request-id')).toBeTruthy();
    expect(probe.headers.get('traceparent')).toBeNull();
  });

  it('a filing is traced from its request into the workflow it starts', async () => {
    const member = await cast.newMember();
    const response = await cast.request(member.token, 'POST', '/api/v1/decisions', {
      question: 'Trace the filing too?',
      context: 'The start is where a decision begins.',
      asks: [approvalAsk()],
    });
    expect(response.status).toBe(201);
    const traceId = (response.headers.get('traceparent') ?? '').split('-')[1];
    const names = () =>
      exporter
        .getFinishedSpans()
        .filter((span) => span.spanContext().traceId === traceId)
        .map((span) => span.name);
    await expect.poll(names, { timeout: 10_000 }).toEqual(expect.arrayContaining(['POST /api/v1/decisions', 'HandleUpdate:fileDecision']));
  });
});
