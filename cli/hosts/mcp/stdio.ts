/**
 * `cast mcp`'s transport: MCP on stdio until the client closes stdin. The SDK's `serveStdio`
 * settles the revision with the client's opening message (a 2025 `initialize`, or a 2026-07-28
 * `server/discover`) and builds one server for the connection; task listens are served on the
 * wire ahead of it (task-listen-wire.ts).
 */
import { hint } from '../../output';
import { castMcpServer } from './server';
import { TaskListenWire } from './task-listen-wire';
import type { ToolDeps } from './tool-result';

export async function serveOnStdio(deps: ToolDeps, session: string): Promise<void> {
  const { serveStdio, StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  const handle = serveStdio((context) => castMcpServer(deps, context), { transport: new TaskListenWire(new StdioServerTransport(), deps) });
  hint(`cast mcp: serving session ${session} on stdio (a Codex tool call files in its own thread's session)`);
  // The client closing our stdin ends the session; the SDK's transport does not notice by itself.
  await new Promise<void>((resolve) => process.stdin.once('end', () => void handle.close().then(resolve, resolve)));
}
