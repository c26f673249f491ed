/**
 * A scripted stand-in for Anthropic's Messages API on loopback, for the real `claude` binary
 * (`ANTHROPIC_BASE_URL`). Every `POST /v1/messages` (with or without `?beta=true`) is answered
 * as a stream — message_start, content_block_start / _delta / _stop, message_delta,
 * message_stop — the sequence Claude Code reads. A request that offers tools is the agent's
 * own turn and takes the script's next turn (text, or a tool_use by name and input); once the
 * script is spent, it says "Done." and ends the turn. A request without tools is a side call
 * (a title, a summary) and gets a short text. `count_tokens` gets a count; anything else 404.
 * Every request is recorded, body parsed, so a test can read what reached the model.
 */
import { firstOfEach, sendEvents, sendJson, startLoopbackStandIn, type StandInRequest } from './loopback-stand-in';

export type AnthropicTurn = { text: string } | { toolUse: { name: string; input: Record<string, unknown> } };

/** As it reached the stand-in; `scripted`: a main-loop turn (the request offered tools), answered from the script. */
export type AnthropicRequest = StandInRequest<AnthropicBody>;

export type AnthropicMessage = { role: 'user' | 'assistant'; content: string | AnthropicContent[] };
export type AnthropicContent = {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | { type: string; text?: string }[];
  is_error?: boolean;
};
export type AnthropicBody = { model?: string; messages?: AnthropicMessage[]; tools?: { name: string }[]; stream?: boolean };

export type AnthropicStandIn = {
  /** `ANTHROPIC_BASE_URL`: http://127.0.0.1:PORT */
  url: string;
  requests: AnthropicRequest[];
  /** The main-loop requests only, in order. */
  turns(): AnthropicRequest[];
  /** The tool_result blocks the model was sent, from every main-loop request, in order (each once). */
  toolResults(): AnthropicContent[];
  stop(): Promise<void>;
};

export async function startAnthropicStandIn(script: AnthropicTurn[]): Promise<AnthropicStandIn> {
  let next = 0;
  let ids = 0;
  const server = await startLoopbackStandIn<AnthropicBody>({
    scripted: (_method, pathname, body) => pathname === '/v1/messages' && (body?.tools?.length ?? 0) > 0,
    answer({ method, pathname, body, scripted }, res) {
      if (method === 'POST' && pathname === '/v1/messages/count_tokens') return sendJson(res, 200, { input_tokens: 100 });
      if (method !== 'POST' || pathname !== '/v1/messages') {
        return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `The stand-in has no ${pathname}` } });
      }
      const turn: AnthropicTurn = scripted ? (script[next++] ?? { text: 'Done.' }) : { text: 'Stand-in' };
      const model = body?.model ?? 'claude-stand-in';
      const id = `msg_stand_in_${++ids}`;
      if (body?.stream === false) return sendJson(res, 200, wholeMessage(id, model, turn, `toolu_stand_in_${ids}`));
      sendEvents(res, messageEvents(id, model, turn, `toolu_stand_in_${ids}`), { connection: 'keep-alive' });
    },
  });
  return {
    url: server.origin,
    requests: server.requests,
    turns: server.turns,
    toolResults: () =>
      firstOfEach(
        server
          .turns()
          .flatMap((request) => request.body?.messages ?? [])
          .flatMap((message) => (typeof message.content === 'string' ? [] : message.content))
          .filter((block) => block.type === 'tool_result'),
        (block) => block.tool_use_id ?? '',
      ),
    stop: server.stop,
  };
}

/** A tool_result's text, whether its content is a string or text blocks. */
export function toolResultText(block: AnthropicContent): string {
  if (typeof block.content === 'string') return block.content;
  return (block.content ?? []).map((part) => part.text ?? '').join('');
}

const usage = { input_tokens: 100, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function messageEvents(id: string, model: string, turn: AnthropicTurn, toolUseId: string): ({ type: string } & Record<string, unknown>)[] {
  const start = {
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage },
  };
  const end = [
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'text' in turn ? 'end_turn' : 'tool_use', stop_sequence: null },
      usage: { output_tokens: 10 },
    },
    { type: 'message_stop' },
  ];
  if ('text' in turn) {
    return [
      start,
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: turn.text } },
      ...end,
    ];
  }
  return [
    start,
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: toolUseId, name: turn.toolUse.name, input: {} } },
    { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(turn.toolUse.input) } },
    ...end,
  ];
}

function wholeMessage(id: string, model: string, turn: AnthropicTurn, toolUseId: string) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content:
      'text' in turn
        ? [{ type: 'text', text: turn.text }]
        : [{ type: 'tool_use', id: toolUseId, name: turn.toolUse.name, input: turn.toolUse.input }],
    stop_reason: 'text' in turn ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage,
  };
}
