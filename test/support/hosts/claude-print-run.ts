/**
 * A headless `claude -p` run in a prepared project (claude-project.ts, or host-project.ts with
 * settings of the test's own): a model stand-in with the test's script, a session id the test
 * chose (so it knows where the hook files), `--output-format json`, both tracked by the host test
 * world — a run still going when its test ends is killed. `printed` reads what the run printed.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startAnthropicStandIn, type AnthropicTurn } from './anthropic-stand-in';
import type { HostTestWorld } from './host-test-world';
import { startClaude } from './run-claude';
import type { HostRun } from './run-host';

export type ClaudeResult = { session_id: string; stop_reason: string; result: string; is_error: boolean };

export async function startClaudePrint(
  hosts: HostTestWorld,
  place: { project: string; home: string; env: Record<string, string> },
  options: { prompt: string; script: AnthropicTurn[]; env?: Record<string, string> },
) {
  const model = hosts.model(await startAnthropicStandIn(options.script));
  const session = randomUUID();
  const running = hosts.host(
    startClaude({
      cwd: place.project,
      home: place.home,
      args: ['-p', options.prompt, '--output-format', 'json', '--session-id', session],
      modelUrl: model.url,
      proxyUrl: hosts.proxy().url,
      timeoutMs: 120_000,
      env: { ...place.env, ...options.env },
    }),
  );
  return { model, session, running };
}

/** The JSON result a run that ended well printed. */
export function printed<T = ClaudeResult>(run: HostRun): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}
