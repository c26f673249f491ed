/**
 * Not a workflow: the workflow interceptors tracing adds (runtime/tracing.ts). Bundled only
 * into a traced worker's workflows (`TRACING_INTERCEPTORS_PATH`, dist/workflow-bundle-traced.js);
 * their spans leave the sandbox through the worker's `exporter` sink. They add span context to
 * the headers of the activities a workflow schedules, never a command of their own, so recorded
 * histories replay alike with and without them (test/workflow/replay.test.ts).
 */
import type { WorkflowInterceptorsFactory } from '@temporalio/workflow';
// The interceptors' workflow half is written for the sandbox: deterministic, no Node modules, no I/O.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';

export const interceptors: WorkflowInterceptorsFactory = () => ({
  inbound: [new OpenTelemetryInboundInterceptor()],
  outbound: [new OpenTelemetryOutboundInterceptor()],
  internals: [new OpenTelemetryInternalsInterceptor()],
});
