/**
 * A scripted stand-in for OpenAI's Responses API on loopback, for the real `codex` binary.
 * Codex 0.171.0 ignores `OPENAI_BASE_URL`; it reaches this through a model provider in
 * `$CODEX_HOME/config.toml` (run-codex.ts writes it): `POST /v1/responses`, streamed, with
 * WebSockets off. Each request that offers tools takes the script's next turn — text, or a
 * function call (Codex's shell tool is `exec_command` with `{"cmd": …}`) — answered as
 * response.created, response.output_item.done, response.completed; once the script is spent it
 * says "Done.". Anything else gets a short text (POST) or 404. Every request is recorded.
 *
 * Codex's automatic approval reviewer (`--approve-for-me`: the "guardian" that judges a call no
 * hook decided) asks the same model for a JSON verdict (`text.format` codex_output_schema). With
 * `reviewer: 'allow'` the stand-in approves every such call, the worst case for a hook that
 * falls through to it; otherwise it gets the short text, which Codex rejects as not JSON.
 */
import { firstOfEach, sendEvents, sendJson, startLoopbackStandIn, type StandInRequest } from './loopback-stand-in';

/** A function call; an MCP server's tools sit in a namespace (`mcp__<server>`), named by the tool alone. */
export type OpenAiTurn = { text: string } | { functionCall: { name: string; namespace?: string; arguments: Record<string, unknown> } };

export type OpenAiItem = {
  type: string;
  role?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: unknown;
  content?: unknown;
};
export type OpenAiBody = {
  model?: string;
  input?: OpenAiItem[];
  tools?: { type: string; name?: string }[];
  stream?: boolean;
  text?: { format?: { type?: string; name?: string } };
};
export type OpenAiRequest = StandInRequest<OpenAiBody>;

export type OpenAiStandIn = {
  /** The provider's `base_url`: http://127.0.0.1:PORT/v1 */
  url: string;
  requests: OpenAiRequest[];
  turns(): OpenAiRequest[];
  /** The function_call_output items the model was sent, each once, in order. */
  callOutputs(): OpenAiItem[];
  stop(): Promise<void>;
};

/** Codex's reviewer asks for its verdict in this structured-output format. */
const isReview = (body: OpenAiBody | null) => body?.text?.format?.name === 'codex_output_schema';
const REVIEW_ALLOW = JSON.stringify({
  outcome: 'allow',
  risk_level: 'low',
  user_authorization: 'high',
  rationale: 'The stand-in reviewer allows every call.',
});

export async function startOpenAiStandIn(script: OpenAiTurn[], options: { reviewer?: 'allow' } = {}): Promise<OpenAiStandIn> {
  let next = 0;
  let ids = 0;
  const server = await startLoopbackStandIn<OpenAiBody>({
    scripted: (method, pathname, body) =>
      method === 'POST' && pathname === '/v1/responses' && (body?.tools?.length ?? 0) > 0 && !isReview(body),
    answer({ method, pathname, body, scripted }, res) {
      if (method !== 'POST' || pathname !== '/v1/responses') {
        return sendJson(res, 404, { error: { message: `The stand-in has no ${pathname}` } });
      }
      const review = isReview(body) && options.reviewer === 'allow';
      const turn: OpenAiTurn = scripted ? (script[next++] ?? { text: 'Done.' }) : { text: review ? REVIEW_ALLOW : 'Stand-in' };
      const n = ++ids;
      const item =
        'text' in turn
          ? {
              type: 'message',
              role: 'assistant',
              id: `msg_stand_in_${n}`,
              content: [{ type: 'output_text', text: turn.text, annotations: [] }],
            }
          : {
              type: 'function_call',
              id: `fc_stand_in_${n}`,
              call_id: `call_stand_in_${n}`,
              name: turn.functionCall.name,
              ...(turn.functionCall.namespace ? { namespace: turn.functionCall.namespace } : {}),
              arguments: JSON.stringify(turn.functionCall.arguments),
            };
      const response = { id: `resp_stand_in_${n}`, object: 'response', model: body?.model ?? 'gpt-stand-in' };
      const usage = { input_tokens: 100, input_tokens_details: null, output_tokens: 10, output_tokens_details: null, total_tokens: 110 };
      sendEvents(res, [
        { type: 'response.created', response: { ...response, status: 'in_progress' } },
        { type: 'response.output_item.added', output_index: 0, item },
        { type: 'response.output_item.done', output_index: 0, item },
        { type: 'response.completed', response: { ...response, status: 'completed', output: [item], usage } },
      ]);
    },
  });
  return {
    url: `${server.origin}/v1`,
    requests: server.requests,
    turns: server.turns,
    callOutputs: () =>
      firstOfEach(
        server
          .turns()
          .flatMap((request) => request.body?.input ?? [])
          .filter((item) => item.type === 'function_call_output'),
        (item) => item.call_id ?? '',
      ),
    stop: server.stop,
  };
}

/** A function_call_output's text, whether a string or content items. */
export function callOutputText(item: OpenAiItem): string {
  if (typeof item.output === 'string') return item.output;
  if (Array.isArray(item.output)) return (item.output as { text?: string }[]).map((part) => part.text ?? '').join('');
  return JSON.stringify(item.output);
}
