/**
 * The agent's permission requests in flight (issue 43 item 2), any number at once, each asked in
 * Cast and — when an editor is attached — in the editor too. The first answer wins: it goes to
 * the agent, and the other asker is called off (the card withdrawn; the editor sent ACP's
 * `$/cancel_request`, and its late answer dropped). `session/cancel` answers the session's
 * requests `cancelled` and withdraws their cards.
 */
import type { AnyMessage, AnyRequest, AnyResponse, JsonRpcId, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { askCast } from './ask-cast';
import { cardFields } from './permission-card';
import { agentAnswer, refusal, unansweredWords, type AgentAnswer } from './permission-outcome';
import type { ToolCalls } from './tool-calls';

type Send = (message: AnyMessage) => Promise<void>;

type InFlight = { sessionId: string; params: RequestPermissionRequest; castOff: AbortController; settled: boolean };

export type PermissionPeers = {
  toAgent: Send;
  /** The editor, when one is attached: it is asked too. */
  toEditor: Send | null;
  toolCalls: ToolCalls;
  scope: string;
  say: (line: string) => void;
};

const keyOf = (id: JsonRpcId) => JSON.stringify(id);

export class PermissionRequests {
  private readonly inFlight = new Map<string, InFlight>();
  /**
   * Requests settled while the editor still had them: its late answer (or its error after
   * `$/cancel_request`) is dropped, never passed to an agent that has its answer already.
   */
  private readonly settledForEditor = new Set<string>();
  /** Every ask still running, withdrawals included: the proxy waits for them before it leaves. */
  private readonly asks = new Set<Promise<void>>();

  constructor(private readonly peers: PermissionPeers) {}

  /** A `session/request_permission` from the agent. */
  ask(request: AnyRequest): void {
    const params = request.params as RequestPermissionRequest;
    const entry: InFlight = { sessionId: params.sessionId, params, castOff: new AbortController(), settled: false };
    this.inFlight.set(keyOf(request.id), entry);
    // The editor sees the request unchanged, as it would without Cast.
    if (this.peers.toEditor) void this.peers.toEditor(request).catch(() => undefined);
    const call = this.peers.toolCalls.merge(params.sessionId, params.toolCall);
    const fields = cardFields(call);
    const running = askCast(
      {
        ...fields,
        options: params.options,
        acpSession: params.sessionId,
        scope: this.peers.scope,
        onFiled: (id, question) => this.peers.say(`cast: ${id} "${question}" is in the Cast queue.`),
      },
      entry.castOff.signal,
    ).then(async (answer) => {
      if (entry.settled) return;
      if (answer.kind === 'failed') {
        // Cast could not ask while an editor is there: the person answers in the editor, as without Cast.
        this.peers.say(`cast: ${unansweredWords(answer)}; ${this.peers.toEditor ? 'the editor asks instead' : 'the agent is told no'}.`);
        if (this.peers.toEditor) return;
      }
      await this.settle(request.id, { jsonrpc: '2.0', id: request.id, result: answerResult(agentAnswer(answer, params.options)) }, 'cast');
    });
    this.track(running);
  }

  /** True when the editor's response was to a permission request (the proxy then forwards nothing itself). */
  editorAnswered(response: AnyResponse): boolean {
    if (this.settledForEditor.delete(keyOf(response.id))) return true;
    const entry = this.inFlight.get(keyOf(response.id));
    if (!entry) return false;
    // An editor that failed to answer (or gave up after `$/cancel_request`) has not answered: Cast still may.
    if ('error' in response) return true;
    void this.settle(response.id, response, 'editor');
    return true;
  }

  /** `session/cancel`: the session's requests are answered `cancelled`, their cards withdrawn. */
  cancelSession(sessionId: string): void {
    for (const [key, entry] of this.inFlight) {
      if (entry.sessionId !== sessionId) continue;
      const id = JSON.parse(key) as JsonRpcId;
      void this.settle(id, { jsonrpc: '2.0', id, result: { outcome: { outcome: 'cancelled' } } }, 'cancel');
    }
  }

  /** The proxy is stopping: every open request is refused, every card withdrawn, and this waits for that. */
  async stop(): Promise<void> {
    for (const [key, entry] of this.inFlight) {
      const id = JSON.parse(key) as JsonRpcId;
      void this.settle(id, { jsonrpc: '2.0', id, result: answerResult(refusal(entry.params.options, 'Cast is stopping')) }, 'stop');
    }
    while (this.asks.size) await Promise.allSettled([...this.asks]);
  }

  private async settle(id: JsonRpcId, response: AnyResponse, by: 'cast' | 'editor' | 'cancel' | 'stop'): Promise<void> {
    const entry = this.inFlight.get(keyOf(id));
    if (!entry || entry.settled) return;
    entry.settled = true;
    this.inFlight.delete(keyOf(id));
    // The card goes first when another answer won, so the queue never shows a call that was settled.
    if (by !== 'cast') entry.castOff.abort();
    if (by !== 'editor' && this.peers.toEditor) this.settledForEditor.add(keyOf(id));
    if (by !== 'editor' && this.peers.toEditor)
      void this.peers.toEditor({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } }).catch(() => undefined);
    await this.peers.toAgent(response).catch(() => undefined);
  }

  private track(running: Promise<void>): void {
    const settled = running.catch((error: unknown) => this.peers.say(`cast: ${error instanceof Error ? error.message : String(error)}`));
    this.asks.add(settled);
    void settled.finally(() => this.asks.delete(settled));
  }
}

function answerResult(answer: AgentAnswer): { outcome: AgentAnswer['outcome']; _meta: { cast: { said: string } } } {
  // ACP's answer has no words for the agent; Cast's reason rides in `_meta`, for an agent that reads it.
  return { outcome: answer.outcome, _meta: { cast: { said: answer.said } } };
}
