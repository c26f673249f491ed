/**
 * Cast's MCP server, one core for both transports: `cast mcp` on stdio (stdio.ts) and the API's
 * `/mcp` over Streamable HTTP (api/routes/mcp.ts). The SDK calls `castMcpServer` for each
 * connection or request with the revision it serves: a 2025 one gets the four tools; a
 * 2026-07-28 one also advertises the Tasks extension and answers `decide` with a task when the
 * client declares it (tasks.ts).
 */
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { cliVersion } from '../../version';
import { registerDecideTool } from './decide-tool';
import { TASKS_EXTENSION } from './decision-task';
import { registerListTool } from './list-tool';
import { MAX_WAIT_SECONDS } from './max-wait';
import { registerResolveEscalationTool } from './resolve-escalation-tool';
import { serveTasks } from './tasks';
import type { ToolDeps } from './tool-result';
import { registerWaitTool } from './wait-tool';

const INSTRUCTIONS = `Cast is a decision queue: a person clears it in one sitting instead of being interrupted.
At a real fork you should not take alone, call decide with the question, the context and 2–9 options.
Blocking (the default) means stop: call wait_for_decision (it returns "pending" after ${MAX_WAIT_SECONDS} s; call again) or end your turn.
Advisory (with defaultOption) only for a default that is cheap to undo. list_decisions shows this session's asks.`;

const TASK_INSTRUCTIONS = `${INSTRUCTIONS}
With MCP Tasks, a blocking decide returns a task that completes with the person's answer: poll tasks/get instead of wait_for_decision.`;

/** The SDK is imported here, not at start-up, so that no other command pays for loading it. */
export async function castMcpServer(deps: ToolDeps, { era }: Pick<McpRequestContext, 'era'>): Promise<McpServer> {
  const sdk = await import('@modelcontextprotocol/server');
  const modern = era === 'modern';
  const server = new sdk.McpServer(
    { name: 'cast', version: cliVersion() },
    modern ? { instructions: TASK_INSTRUCTIONS, capabilities: { extensions: { [TASKS_EXTENSION]: {} } } } : { instructions: INSTRUCTIONS },
  );
  // Before the tools: it wraps `tools/call` as McpServer installs it.
  if (modern) serveTasks(server, deps);
  registerDecideTool(server, deps);
  registerWaitTool(server, deps);
  registerListTool(server, deps);
  registerResolveEscalationTool(server, deps);
  return server;
}
