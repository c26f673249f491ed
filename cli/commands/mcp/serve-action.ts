/**
 * What `cast mcp` does: builds the MCP server with Cast's tools and serves it on stdio until
 * the client closes stdin. The SDK and the tools' zod schemas load only here, when `cast mcp`
 * runs, never at the start-up of another command.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { hint, usageError } from '../../output';
import { cliVersion } from '../../version';
import { callSession, connection } from '../../config';
import { connect } from '../decide/target';
import { registerDecideTool } from './decide-tool';
import { registerListTool } from './list-tool';
import { MAX_WAIT_SECONDS } from './max-wait';
import { registerResolveEscalationTool } from './resolve-escalation-tool';
import type { ToolDeps } from './tool-result';
import { registerWaitTool } from './wait-tool';

const INSTRUCTIONS = `Cast is a decision queue: a person clears it in one sitting instead of being interrupted.
At a real fork you should not take alone, call decide with the question, the context and 2–9 options.
Blocking (the default) means stop: call wait_for_decision (it returns "pending" after ${MAX_WAIT_SECONDS} s; call again) or end your turn.
Advisory (with defaultOption) only for a default that is cheap to undo. list_decisions shows this session's asks.`;

/** The SDK is imported here, not at start-up, so that no other command pays for loading it. */
export async function castMcpServer(deps: ToolDeps): Promise<McpServer> {
  const sdk = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new sdk.McpServer({ name: 'cast', version: cliVersion() }, { instructions: INSTRUCTIONS });
  registerDecideTool(server, deps);
  registerWaitTool(server, deps);
  registerListTool(server, deps);
  registerResolveEscalationTool(server, deps);
  return server;
}

export async function run(opts: { maxWait: string }): Promise<void> {
  const maxWaitSeconds = Number(opts.maxWait);
  if (!Number.isFinite(maxWaitSeconds) || maxWaitSeconds <= 0 || maxWaitSeconds > MAX_WAIT_SECONDS) {
    throw usageError(`--max-wait ${opts.maxWait}: give a number of seconds up to ${MAX_WAIT_SECONDS}.`);
  }
  const api = connect('mcp');
  const session = callSession(connection().token);
  const server = await castMcpServer({ api, session, maxWaitSeconds });
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  hint(`cast mcp: serving session ${session()} on stdio (a Codex tool call files in its own thread's session)`);
  // The client closing our stdin ends the session; the SDK's transport does not notice by itself.
  process.stdin.once('end', () => void server.close());
  await closed;
}
