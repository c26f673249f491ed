/**
 * The interactive `claude` in a pseudo-terminal (run-claude-pty.ts) in a project from
 * claude-project.ts, the person's prompt on its command line (after any `args`, such as
 * `--permission-mode default`), against a model stand-in with the
 * test's script; both tracked by the host test world, so the terminal is stopped when the test
 * ends.
 */
import { startAnthropicStandIn, type AnthropicTurn } from './anthropic-stand-in';
import type { ClaudeProject } from './claude-project';
import type { HostTestWorld } from './host-test-world';
import { startClaudeInTerminal } from './run-claude-pty';

export async function startClaudeTerminal(
  hosts: HostTestWorld,
  project: ClaudeProject,
  options: { prompt: string; script: AnthropicTurn[]; args?: string[] },
) {
  const model = hosts.model(await startAnthropicStandIn(options.script));
  const terminal = hosts.terminal(
    startClaudeInTerminal({
      cwd: project.project,
      home: project.home,
      root: project.root,
      args: [...(options.args ?? []), options.prompt],
      modelUrl: model.url,
      proxyUrl: hosts.proxy().url,
      env: project.env,
    }),
  );
  return { model, terminal };
}
