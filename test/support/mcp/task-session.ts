/**
 * The official clients on the 2026-07-28 revision with the Tasks extension: an SDK v2 `Client`
 * pinned to 2026-07-28 (it opens with `server/discover`), and ext-tasks' task session over it,
 * which checks every task shape against its schemas and a completed tool result against the
 * tool's declared output schema.
 */
import { Client, type Transport } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  toolDeclarationFromMcpTool,
  type RawClientDispatch,
  type TaskEnabledSession,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';

export const TASKS = 'io.modelcontextprotocol/tasks';

/** The decision the MCP task tests have their agent file: its context, and two options with consequences. */
export const CONTEXT = 'The nightly export doubles rows when a note is renamed; either fix changes what old links resolve to.';
export const OPTIONS = ['Frontmatter wins :: renames keep the id', 'Path wins :: old links break'];
const CLIENT_INFO = { name: 'cast-mcp-tasks-test', version: '1.0.0' };

/** A raw 2026-07-28 request's `_meta`: the revision, the client, and its capabilities (with Tasks unless told). */
export function envelope({ tasks = true } = {}): { [key: string]: JsonValue } {
  const capabilities: { [key: string]: JsonValue } = tasks ? { extensions: { [TASKS]: {} } } : {};
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/** A client that declares Tasks, connected over `transport`, and its task session through `dispatch`. */
export async function taskClient(transport: Transport, dispatch: RawClientDispatch) {
  const capabilities = { extensions: { [TASKS]: {} } };
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const declarations = new Map(tools.map((tool) => [tool.name, toolDeclarationFromMcpTool(tool)]));
  const session: TaskEnabledSession = createTaskSessionFromClient(client, {
    endpointId: 'cast',
    rawDispatch: dispatch,
    v2RequestFraming: { protocolVersion: '2026-07-28', clientInfo: CLIENT_INFO, clientCapabilities: capabilities },
    tools: { currentTool: (name) => declarations.get(name) },
  });
  return { client, session, tools };
}
