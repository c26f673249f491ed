/**
 * The agent's questions in flight (issue 43 item 2) — its `session/request_permission` and
 * `elicitation/create` alike — any number at once, each asked in Cast and, when the editor takes
 * that kind of question, in the editor too. The first answer wins: it goes to the agent, and the
 * other asker is called off (the card withdrawn; the editor sent ACP's `$/cancel_request`, and its
 * late answer dropped). `session/cancel`, or the agent calling its own request off, answers it as
 * called off and withdraws the card. What each kind asks and answers is its own (`Asking`).
 */
import type { AnyMessage, AnyRequest, AnyResponse, JsonRpcId } from '@agentclientprotocol/sdk';

type Send = (message: AnyMessage) => Promise<void>;

/** A JSON-RPC result for the agent. */
export type AgentResult = Record<string, unknown>;

/** Cast's side of one question: its answer for the agent, or why it could not ask (the words said). */
export type CastVerdict = { result: AgentResult } | { failed: string };

/** One kind of question, as the tracker needs it. */
export type Asking = {
  /** The ACP session it belongs to, which `session/cancel` settles; null for a request-scoped one. */
  sessionId: string | null;
  /** Whether the editor is asked too (it is attached and takes this kind). */
  editorToo: boolean;
  /** What the agent hears when the question is called off: `session/cancel`, or its own `$/cancel_request`. */
  calledOff: (said: string) => AgentResult;
  /** What the agent hears when nobody could answer: Cast failed with no editor to ask, or `cast acp` stops. */
  refused: (said: string) => AgentResult;
  /** `refused` in a few words, for the line Cast says: "the agent is told no". */
  refusedWords: string;
  /** Asks the person in Cast; `signal` fires when another answer won, and the card is withdrawn then. */
  viaCast: (signal: AbortSignal) => Promise<CastVerdict>;
};

export type Peers = {
  toAgent: Send;
  /** The editor, when one is attached. */
  toEditor: Send | null;
  say: (line: string) => void;
};

type InFlight = {
  asking: Asking;
  castOff: AbortController;
  settled: boolean;
  /** Cast could not ask (the editor asks alone): the words why. */
  castFailed: string | null;
  /** The editor answered with an error: it will not answer, so Cast's is the only answer left. */
  editorFailed: boolean;
};

const keyOf = (id: JsonRpcId) => JSON.stringify(id);

export class FirstAnswer {
  private readonly inFlight = new Map<string, InFlight>();
  /**
   * Requests settled while the editor still had them: its late answer (or its error after
   * `$/cancel_request`) is dropped, never passed to an agent that has its answer already.
   */
  private readonly settledForEditor = new Set<string>();
  /** Every ask still running, withdrawals included: the proxy waits for them before it leaves. */
  private readonly asks = new Set<Promise<void>>();

  constructor(private readonly peers: Peers) {}

  /** A question from the agent: asked in Cast, and in the editor when `asking.editorToo`. */
  open(request: AnyRequest, asking: Asking): void {
    const editorToo = asking.editorToo && this.peers.toEditor !== null;
    const entry: InFlight = {
      asking: { ...asking, editorToo },
      castOff: new AbortController(),
      settled: false,
      castFailed: null,
      editorFailed: false,
    };
    this.inFlight.set(keyOf(request.id), entry);
    // The editor sees the request unchanged, as it would without Cast.
    if (editorToo) void this.peers.toEditor!(request).catch(() => undefined);
    const running = asking.viaCast(entry.castOff.signal).then(async (verdict) => {
      if (entry.settled) return;
      if ('result' in verdict) return this.settle(request.id, { jsonrpc: '2.0', id: request.id, result: verdict.result }, 'cast');
      // Cast could not ask while an editor asks too: the person answers there, as without Cast.
      const editorAsks = editorToo && !entry.editorFailed;
      this.peers.say(`cast: ${verdict.failed}; ${editorAsks ? 'the editor asks instead' : asking.refusedWords}.`);
      if (editorAsks) {
        entry.castFailed = verdict.failed;
        return;
      }
      await this.settle(request.id, { jsonrpc: '2.0', id: request.id, result: asking.refused(verdict.failed) }, 'cast');
    });
    this.track(running);
  }

  /** True when the editor's response was to a question Cast asks too (the proxy then forwards nothing itself). */
  editorAnswered(response: AnyResponse): boolean {
    if (this.settledForEditor.delete(keyOf(response.id))) return true;
    const entry = this.inFlight.get(keyOf(response.id));
    if (!entry) return false;
    if ('error' in response) {
      // An editor that failed to answer has not answered: Cast still may — unless Cast could not ask either.
      entry.editorFailed = true;
      if (entry.castFailed !== null) {
        const said = `${entry.castFailed}, and the editor did not answer`;
        void this.settle(response.id, { jsonrpc: '2.0', id: response.id, result: entry.asking.refused(said) }, 'editor-failed');
      }
      return true;
    }
    void this.settle(response.id, response, 'editor');
    return true;
  }

  /** `session/cancel`: the session's questions are answered as called off, their cards withdrawn. */
  cancelSession(sessionId: string): void {
    for (const [key, entry] of this.inFlight) {
      if (entry.asking.sessionId !== sessionId) continue;
      const id = JSON.parse(key) as JsonRpcId;
      void this.settle(id, { jsonrpc: '2.0', id, result: entry.asking.calledOff('The turn was cancelled.') }, 'cancel');
    }
  }

  /** The agent's `$/cancel_request` for one of its questions: true when it was one (the proxy then passes nothing on). */
  agentCalledOff(id: JsonRpcId): boolean {
    const entry = this.inFlight.get(keyOf(id));
    if (!entry) return false;
    // ACP asks a valid answer (or -32800) of the side that is called off; the editor hears Cast's `$/cancel_request`.
    void this.settle(id, { jsonrpc: '2.0', id, result: entry.asking.calledOff('The agent called its request off.') }, 'cancel');
    return true;
  }

  /** The proxy is stopping: every open question is refused, every card withdrawn, and this waits for that. */
  async stop(): Promise<void> {
    for (const [key, entry] of this.inFlight) {
      const id = JSON.parse(key) as JsonRpcId;
      void this.settle(id, { jsonrpc: '2.0', id, result: entry.asking.refused('Cast is stopping') }, 'stop');
    }
    while (this.asks.size) await Promise.allSettled([...this.asks]);
  }

  private async settle(id: JsonRpcId, response: AnyResponse, by: 'cast' | 'editor' | 'editor-failed' | 'cancel' | 'stop'): Promise<void> {
    const entry = this.inFlight.get(keyOf(id));
    if (!entry || entry.settled) return;
    entry.settled = true;
    this.inFlight.delete(keyOf(id));
    // The card goes first when another answer won, so the queue never shows a question that was settled.
    if (by !== 'cast') entry.castOff.abort();
    const editorWaits = entry.asking.editorToo && by !== 'editor' && by !== 'editor-failed';
    if (editorWaits) {
      this.settledForEditor.add(keyOf(id));
      void this.peers.toEditor!({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } }).catch(() => undefined);
    }
    await this.peers.toAgent(response).catch(() => undefined);
  }

  private track(running: Promise<void>): void {
    const settled = running.catch((error: unknown) => this.peers.say(`cast: ${error instanceof Error ? error.message : String(error)}`));
    this.asks.add(settled);
    void settled.finally(() => this.asks.delete(settled));
  }
}
