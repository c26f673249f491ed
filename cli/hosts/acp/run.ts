/**
 * `cast acp [--prompt TEXT] -- <agent command…>` (issue 43 item 2): run an ACP agent with Cast
 * between it and its client. With an editor (Zed, JetBrains) the editor talks to `cast acp` on
 * stdin / stdout exactly as it would to the agent; with --prompt there is no editor and Cast
 * sends the one prompt itself. Permission requests are asked in Cast; everything else passes.
 * Cast's exit code is the agent's (with --prompt: 0 when the turn ended, 1 when it did not).
 */
import { scope } from '../../config';
import { hint } from '../../output';
import { editorStream, startAgent } from './agent-process';
import { promptOnce, streamPair } from './headless-client';
import { startProxy } from './proxy';

export type AcpOptions = { prompt?: string };

/** How long an agent may take to leave once its editor hung up. */
const AGENT_GRACE_MS = 2000;

export async function runAcp(command: string[], opts: AcpOptions): Promise<number> {
  const agent = await startAgent(command);
  const pair = opts.prompt === undefined ? null : streamPair();
  const proxy = startProxy({
    agent: agent.stream,
    client: pair ? pair.proxySide : editorStream(),
    editorAsks: pair === null,
    scope: scope(),
    say: hint,
  });
  // Cast goes when the agent does; its open cards are withdrawn first.
  const agentGone = agent.exited.then(async (code) => {
    await proxy.stop();
    return code;
  });
  if (pair) {
    const turn = promptOnce(pair.clientSide, opts.prompt!, process.cwd()).then(
      (stopReason) => (stopReason === 'end_turn' ? 0 : 1),
      (error: unknown) => {
        hint(`cast acp: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      },
    );
    const code = await Promise.race([turn, agentGone.then(() => 1)]);
    await proxy.stop();
    agent.child.kill('SIGTERM');
    await agent.exited;
    return code;
  }
  // The editor hung up: the agent's stdin closes, and most ACP agents end with it; one that does not is stopped.
  void proxy.clientDone.finally(() => {
    agent.child.stdin?.end();
    setTimeout(() => agent.child.kill('SIGTERM'), AGENT_GRACE_MS).unref();
  });
  const forward = (signal: NodeJS.Signals) => agent.child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return agentGone;
}
