/**
 * A scripted stand-in for the Gemini API on loopback, for the real Gemini CLI (`gemini`). The CLI
 * reaches it through GOOGLE_GEMINI_BASE_URL with GEMINI_API_KEY (gemini-env.ts); its turns are
 * `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`. Each streamed request that offers
 * tools takes the script's next turn — text, or function calls, one or several at once (Gemini
 * CLI's shell tool is `run_shell_command` with `{"command": …}`) — answered as one server-sent
 * `data:` chunk; once
 * the script is spent it says "Done.". The CLI's side requests (its model router, next-speaker
 * check and the like, unstreamed `:generateContent`) get a short text; anything else a 404. Every
 * request is recorded.
 */
import type { ServerResponse } from 'node:http';
import { firstOfEach, sendJson, startLoopbackStandIn, type StandInRequest } from './loopback-stand-in';

type FunctionCall = { name: string; args: Record<string, unknown> };
export type GeminiTurn = { text: string } | { functionCall: FunctionCall } | { functionCalls: FunctionCall[] };

export type GeminiPart = {
  text?: string;
  functionCall?: { name: string; args?: unknown; id?: string };
  functionResponse?: { name: string; id?: string; response?: Record<string, unknown> };
};
export type GeminiBody = { contents?: { role?: string; parts?: GeminiPart[] }[]; tools?: unknown[] };

export type GeminiStandIn = {
  /** GOOGLE_GEMINI_BASE_URL: http://127.0.0.1:PORT */
  url: string;
  requests: StandInRequest<GeminiBody>[];
  turns(): StandInRequest<GeminiBody>[];
  /** The functionResponse parts the model was sent, each once, in order. */
  functionResponses(): NonNullable<GeminiPart['functionResponse']>[];
  stop(): Promise<void>;
};

const MODEL_CALL = /^\/v1(beta)?\/models\/[^/:]+:(streamGenerateContent|generateContent)$/;
const USAGE = { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 };

export async function startGeminiStandIn(script: GeminiTurn[]): Promise<GeminiStandIn> {
  let next = 0;
  const server = await startLoopbackStandIn<GeminiBody>({
    scripted: (method, pathname, body) =>
      method === 'POST' && pathname.endsWith(':streamGenerateContent') && (body?.tools?.length ?? 0) > 0,
    answer({ method, pathname, scripted }, res) {
      const call = MODEL_CALL.exec(pathname);
      if (method !== 'POST' || !call) return sendJson(res, 404, { error: { code: 404, message: `The stand-in has no ${pathname}` } });
      const turn: GeminiTurn = scripted ? (script[next++] ?? { text: 'Done.' }) : { text: 'Stand-in' };
      const parts =
        'text' in turn
          ? [{ text: turn.text }]
          : ('functionCalls' in turn ? turn.functionCalls : [turn.functionCall]).map((functionCall) => ({ functionCall }));
      const chunk = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE };
      if (call[2] === 'generateContent') return sendJson(res, 200, chunk);
      sendData(res, chunk);
    },
  });
  return {
    url: server.origin,
    requests: server.requests,
    turns: server.turns,
    functionResponses: () =>
      firstOfEach(
        server
          .turns()
          .flatMap((request) => request.body?.contents ?? [])
          .flatMap((content) => content.parts ?? [])
          .flatMap((part) => (part.functionResponse ? [part.functionResponse] : [])),
        (response) => response.id ?? response.name,
      ),
    stop: server.stop,
  };
}

/** The Gemini API's SSE (`alt=sse`): bare `data:` lines, no event names. */
function sendData(res: ServerResponse, chunk: unknown): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
}
