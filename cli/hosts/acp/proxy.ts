/**
 * Cast between an ACP client and an ACP agent (issue 43 item 2): every JSON-RPC message passes
 * through unchanged, both ways, except the ones Cast takes part in — the agent's
 * `session/request_permission` (asked in Cast, and in the editor when one is attached), the
 * editor's answer to it (the first answer wins), and `session/cancel` (passed on, and the
 * session's requests answered `cancelled`). The tool calls the agent reports are noted on the
 * way, for the cards.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import { PermissionRequests } from './permission-requests';
import { ToolCalls } from './tool-calls';

export type ProxyOptions = {
  agent: Stream;
  client: Stream;
  /** Whether the client is a person's editor that asks too; a headless run's own client is not. */
  editorAsks: boolean;
  scope: string;
  say: (line: string) => void;
};

const isRequest = (message: AnyMessage): message is Extract<AnyMessage, { id: unknown; method: string }> =>
  'method' in message && 'id' in message;
const isResponse = (message: AnyMessage) => !('method' in message) && 'id' in message;

function sender(stream: Stream): (message: AnyMessage) => Promise<void> {
  const writer = stream.writable.getWriter();
  return (message) => writer.write(message);
}

/** Every message of one side, until it ends — or fails (the other side gone mid-write): said, and taken as the end. */
async function each(stream: Stream, handle: (message: AnyMessage) => Promise<void> | void, say: (line: string) => void): Promise<void> {
  try {
    for await (const message of stream.readable as unknown as AsyncIterable<AnyMessage>) await handle(message);
  } catch (error) {
    say(`cast acp: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export type Proxy = {
  /** Resolves when the agent's side of the stream ends. */
  agentDone: Promise<void>;
  /** Resolves when the client's side of the stream ends. */
  clientDone: Promise<void>;
  /** Refuses every open request, withdraws its card, and waits until that is done. */
  stop(): Promise<void>;
};

export function startProxy(options: ProxyOptions): Proxy {
  const toAgent = sender(options.agent);
  const toClient = sender(options.client);
  const toolCalls = new ToolCalls();
  const permissions = new PermissionRequests({
    toAgent,
    toEditor: options.editorAsks ? toClient : null,
    toolCalls,
    scope: options.scope,
    say: options.say,
  });

  const agentDone = each(
    options.agent,
    async (message) => {
      if (isRequest(message) && message.method === 'session/request_permission') return permissions.ask(message);
      if ('method' in message && message.method === 'session/update') toolCalls.note(message.params);
      await toClient(message);
    },
    options.say,
  );

  const clientDone = each(
    options.client,
    async (message) => {
      if (isResponse(message) && permissions.editorAnswered(message as Parameters<PermissionRequests['editorAnswered']>[0])) return;
      if ('method' in message && !('id' in message) && message.method === 'session/cancel') {
        const sessionId = (message.params as { sessionId?: unknown } | undefined)?.sessionId;
        // The agent hears the cancel first, then its open requests' `cancelled`, as ACP asks of a client.
        await toAgent(message);
        if (typeof sessionId === 'string') permissions.cancelSession(sessionId);
        return;
      }
      await toAgent(message);
    },
    options.say,
  );

  return { agentDone, clientDone, stop: () => permissions.stop() };
}
