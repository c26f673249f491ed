/**
 * Workflows already running must go on running after a deploy: every history recorded under
 * `histories/` (by record-histories.test.ts, from the code as it was then) replays against
 * the workflow bundle as it is now without a nondeterminism error. A change that alters the
 * commands a recorded path issues fails here until it is gated on the version a decision was
 * filed at (`DECISION_WORKFLOW_VERSION`; `-at-vN` histories) or, before the stamp, `patched()`.
 * The same histories replay on a bundle with the tracing interceptors (workflows/tracing-interceptors.ts):
 * tracing adds headers and spans, never a command, so turning it on or off is no deploy hazard.
 */
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Resource } from '@opentelemetry/resources';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry';
import { bundleWorkflowCode, Worker, type ReplayResult, type ReplayWorkerOptions } from '@temporalio/worker';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import { TRACING_INTERCEPTORS_PATH, WORKFLOWS_PATH } from '../../worker';
import { quietBundlerLogger } from '../support/global-setup';
import { historyFromJson } from './history-json';

installTemporalLogging('warn', { handleSignals: true });

const HISTORIES = new URL('./histories/', import.meta.url);
const names = readdirSync(HISTORIES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

const results = new Map<string, ReplayResult>();
const tracedResults = new Map<string, ReplayResult>();

async function replayAll(options: ReplayWorkerOptions, into: Map<string, ReplayResult>): Promise<void> {
  const histories = names.map((name) => ({
    workflowId: name,
    history: historyFromJson(JSON.parse(readFileSync(new URL(`${name}.json`, HISTORIES), 'utf8'))),
  }));
  for await (const result of Worker.runReplayHistories(options, histories)) into.set(result.workflowId, result);
}

beforeAll(async () => {
  // One replay worker for all of them, on the bundle the run's workers use.
  await replayAll({ workflowBundle: { codePath: inject('workflowBundlePath') } }, results);
  const traced = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [TRACING_INTERCEPTORS_PATH],
    logger: quietBundlerLogger,
  });
  const exporter = makeWorkflowExporter(new SimpleSpanProcessor(new InMemorySpanExporter()), Resource.default());
  await replayAll({ workflowBundle: traced, sinks: { exporter } }, tracedResults);
}, 120_000);

describe('recorded histories replay on the current workflow code', () => {
  it('covers the decision and the stack workflow', () => {
    expect(names.filter((name) => name.startsWith('decision-')).length).toBeGreaterThanOrEqual(10);
    expect(names.some((name) => name.startsWith('stack-'))).toBe(true);
  });

  it.each(names)('%s', (name) => {
    const result = results.get(name);
    expect(result, `${name} was not replayed`).toBeDefined();
    expect(result?.error).toBeUndefined();
  });
});

describe('and replay alike with the tracing interceptors', () => {
  it.each(names)('%s', (name) => {
    const result = tracedResults.get(name);
    expect(result, `${name} was not replayed`).toBeDefined();
    expect(result?.error).toBeUndefined();
  });
});
