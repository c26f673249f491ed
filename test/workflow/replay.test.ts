/**
 * Workflows already running must go on running after a deploy: every history recorded under
 * `histories/` (by record-histories.test.ts, from the code as it was then) replays against
 * the workflow bundle as it is now without a nondeterminism error. A change that alters the
 * commands a recorded path issues fails here until it is gated on the version a decision was
 * filed at (`DECISION_WORKFLOW_VERSION`; `-at-vN` histories) or, before the stamp, `patched()`.
 */
import { Worker, type ReplayResult } from '@temporalio/worker';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import { historyFromJson } from './history-json';

installTemporalLogging('warn', { handleSignals: true });

const HISTORIES = new URL('./histories/', import.meta.url);
const names = readdirSync(HISTORIES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

const results = new Map<string, ReplayResult>();

beforeAll(async () => {
  const histories = names.map((name) => ({
    workflowId: name,
    history: historyFromJson(JSON.parse(readFileSync(new URL(`${name}.json`, HISTORIES), 'utf8'))),
  }));
  // One replay worker for all of them, on the bundle the run's workers use.
  for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: inject('workflowBundlePath') } }, histories)) {
    results.set(result.workflowId, result);
  }
});

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
