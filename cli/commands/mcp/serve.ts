/**
 * `cast mcp`: Cast as an MCP server on stdio, for any MCP-capable coding agent (DESIGN §4).
 * stdout carries the protocol and nothing else; hints and logs go to stderr. It talks to the
 * API like every other command, as the session in CAST_SESSION.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Option, type Command } from 'commander';
import { hint, usageError } from '../../output';
import { connect, sessionOf } from '../decide/target';
import { registerDecideTool } from './decide-tool';
import { registerListTool } from './list-tool';
import { registerResolveEscalationTool } from './resolve-escalation-tool';
import type { ToolDeps } from './tool-result';
import { registerWaitTool } from './wait-tool';
import { cliVersion } from '../../version';

/** Under the ~60 s after which MCP clients give up on a tool call. */
export const MAX_WAIT_SECONDS = 50;

const INSTRUCTIONS = `Cast is a decision queue: a person clears it in one sitting instead of being interrupted.
At a real fork you should not take alone, call decide with the question, the context and 2–9 options.
Blocking (the default) means stop: call wait_for_decision (it returns "pending" after ${MAX_WAIT_SECONDS} s; call again) or end your turn.
Advisory (with defaultOption) only for a default that is cheap to undo. list_decisions shows this session's asks.`;

/** The SDK is loaded here, not at start-up, where importing it cost every other command about 0.2 s. */
export async function castMcpServer(deps: ToolDeps): Promise<McpServer> {
  const sdk = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new sdk.McpServer({ name: 'cast', version: cliVersion() }, { instructions: INSTRUCTIONS });
  registerDecideTool(server, deps);
  registerWaitTool(server, deps);
  registerListTool(server, deps);
  registerResolveEscalationTool(server, deps);
  return server;
}

export function registerMcp(cast: Command): void {
  cast
    .command('mcp')
    .description('run the MCP server on stdio (tools: decide, wait_for_decision, list_decisions, resolve_escalation)')
    // Tests shorten the wait; agents keep the default.
    .addOption(new Option('--max-wait <seconds>', 'the longest wait_for_decision waits').default(String(MAX_WAIT_SECONDS)).hideHelp())
    .action(async (opts: { maxWait: string }) => {
      const maxWaitSeconds = Number(opts.maxWait);
      if (!Number.isFinite(maxWaitSeconds) || maxWaitSeconds <= 0 || maxWaitSeconds > MAX_WAIT_SECONDS) {
        throw usageError(`--max-wait ${opts.maxWait}: give a number of seconds up to ${MAX_WAIT_SECONDS}.`);
      }
      const api = connect();
      const session = sessionOf();
      const server = await castMcpServer({ api, session, maxWaitSeconds });
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
      const closed = new Promise<void>((resolve) => {
        server.server.onclose = resolve;
      });
      await server.connect(new StdioServerTransport());
      hint(`cast mcp: serving session ${session} on stdio`);
      // The client closing our stdin ends the session; the SDK's transport does not notice by itself.
      process.stdin.once('end', () => void server.close());
      await closed;
    });
}
