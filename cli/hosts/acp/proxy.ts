/**
 * Cast between an ACP client and an ACP agent (issue 43 item 2): every JSON-RPC message passes
 * through unchanged, both ways, except the ones Cast takes part in — the client's `initialize`
 * (Cast adds form and URL elicitation to what it advertises), the agent's questions
 * (`session/request_permission`, and `elicitation/create` in form or URL mode: asked in Cast, and
 * in the editor when it takes them), the editor's answers to them (the first answer wins),
 * `session/cancel` (passed on, and the session's questions answered as cancelled) and the
 * agent's `$/cancel_request` for one of its questions. The tool calls the agent reports, and its
 * name, are noted on the way, for the cards.
 */
import { randomUUID } from 'node:crypto';
import type { AnyMessage, AnyResponse, JsonRpcId, Stream } from '@agentclientprotocol/sdk';
import { editorModes, NO_MODES, withElicitation, type ElicitationModes } from './elicitation-capabilities';
import { asksInCast, elicitationAsking } from './elicitation-requests';
import { FirstAnswer } from './first-answer';
import { permissionAsking } from './permission-requests';
import { ToolCalls } from './tool-calls';

export type ProxyOptions = {
  agent: Stream;
  client: Stream;
  /** Whether the client is a person's editor that asks too; a headless run's own client is not. */
  editorAsks: boolean;
  scope: string;
  say: (line: string) => void;
};

type Request = Extract<AnyMessage, { id: unknown; method: string }>;

const isRequest = (message: AnyMessage): message is Request => 'method' in message && 'id' in message;
const isResponse = (message: AnyMessage): message is AnyResponse => !('method' in message) && 'id' in message;
const isNotification = (message: AnyMessage, method: string): message is Extract<AnyMessage, { method: string }> =>
  'method' in message && !('id' in message) && message.method === method;

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
  /** Refuses every open question, withdraws its card, and waits until that is done. */
  stop(): Promise<void>;
};

export function startProxy(options: ProxyOptions): Proxy {
  const toAgent = sender(options.agent);
  const toClient = sender(options.client);
  const toolCalls = new ToolCalls();
  const questions = new FirstAnswer({ toAgent, toEditor: options.editorAsks ? toClient : null, say: options.say });
  const known: { modes: ElicitationModes; initialize: JsonRpcId | null; agentName?: string } = { modes: NO_MODES, initialize: null };
  const permissions = { editor: options.editorAsks, toolCalls, scope: options.scope, say: options.say };
  const elicitations = {
    editorModes: () => known.modes,
    asker: () => known.agentName,
    // A question outside any session (ACP's request scope) is filed in one session for this run.
    connectionSession: `acp-${randomUUID()}`,
    scope: options.scope,
    say: options.say,
  };

  const agentDone = each(
    options.agent,
    async (message) => {
      if (isRequest(message) && message.method === 'session/request_permission')
        return questions.open(message, permissionAsking(message, permissions));
      if (isRequest(message) && message.method === 'elicitation/create' && asksInCast(message))
        return questions.open(message, elicitationAsking(message, elicitations));
      if (isNotification(message, '$/cancel_request') && questions.agentCalledOff(requestIdOf(message))) return;
      if ('method' in message && message.method === 'session/update') toolCalls.note(message.params);
      if (isResponse(message) && known.initialize !== null && message.id === known.initialize) known.agentName = agentNameOf(message);
      await toClient(message);
    },
    options.say,
  );

  const clientDone = each(
    options.client,
    async (message) => {
      if (isResponse(message) && questions.editorAnswered(message)) return;
      if (isRequest(message) && message.method === 'initialize') {
        // The editor's own modes decide whether it is asked too; the agent hears that both are taken.
        known.modes = options.editorAsks ? editorModes(message.params) : NO_MODES;
        known.initialize = message.id;
        return toAgent({ ...message, params: withElicitation(message.params) } as AnyMessage);
      }
      if (isNotification(message, 'session/cancel')) {
        const sessionId = (message.params as { sessionId?: unknown } | undefined)?.sessionId;
        // The agent hears the cancel first, then its open questions' answers, as ACP asks of a client.
        await toAgent(message);
        if (typeof sessionId === 'string') questions.cancelSession(sessionId);
        return;
      }
      await toAgent(message);
    },
    options.say,
  );

  return { agentDone, clientDone, stop: () => questions.stop() };
}

function requestIdOf(message: Extract<AnyMessage, { method: string }>): JsonRpcId {
  return (message.params as { requestId?: JsonRpcId } | undefined)?.requestId ?? null;
}

/** The agent's name from its `initialize` answer: its title, else its name. */
function agentNameOf(response: AnyResponse): string | undefined {
  const info =
    'result' in response ? (response.result as { agentInfo?: { name?: unknown; title?: unknown } } | null)?.agentInfo : undefined;
  const name = typeof info?.title === 'string' && info.title.trim() ? info.title : info?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}
