/**
 * Provenance (DESIGN §11; issue 38 item 10): every answer records who gave it, through which
 * channel it reached Cast, and a digest of exactly what it approved. One shape, written by the
 * decision workflow with the answer and shown wherever the answer is shown (the decision, its
 * activity entries, the webhook events, the export). Zod-free, like everything the workflow
 * bundle imports; the wire shape is `provenance-schema.ts`.
 */
import type { AskState, DecisionSnapshot } from './decision-view-schema';
import { sha256Hex } from './sha256';

/**
 * How an act reached Cast. `web` is the signed-in browser; `cli`, `mcp` and `host-terminal` are
 * the `cast` clients saying so (`Cast-Channel`); `api` any other token; `inbox` an Inbox reply.
 * `email`, `slack` and `push` are an answer-in-place link's press (issue 40 item 5): the channel
 * the link was minted for.
 */
export const Channel = ['web', 'cli', 'api', 'mcp', 'inbox', 'host-terminal', 'email', 'slack', 'push'] as const;
export type Channel = (typeof Channel)[number];

/** The request header a `cast` client names its channel with. */
export const CHANNEL_HEADER = 'cast-channel';

/**
 * What a token may claim in `Cast-Channel`: the browser's `web` is the cookie's alone, an Inbox
 * reply's `inbox` is the reply route's, and `email`, `slack` and `push` are a signed link's.
 */
export const CLAIMABLE_CHANNELS = ['cli', 'mcp', 'host-terminal', 'api'] as const satisfies readonly Channel[];

/**
 * Who gave an answer. A rule answers at a revision, and keeps the name it had then, so its answer
 * reads "Answered by rule 'tests may run' (r3)" after the rule is renamed (issue 42 item 1).
 */
export type ProvenanceActor =
  | { kind: 'member'; id: string }
  | { kind: 'rule'; id: string; revision: number; name: string }
  | { kind: 'stack-auto-default'; stackId: string | null }
  | { kind: 'system'; reason: string };

/**
 * What the digest covers: a host permission prompt's whole tool input as the host sent it, the
 * tool input as the person edited it before approving (issue 43 item 6: the call that runs), or,
 * for every other ask, the ask as the person saw it (the decision's question and context and
 * the ask's own definition: prompt, options, action, risks…).
 */
export const DigestOf = ['tool-input', 'edited-input', 'ask'] as const;
export type DigestOf = (typeof DigestOf)[number];

export type Provenance = {
  actor: ProvenanceActor;
  /** Null when no door carried it: the stack's auto-default, Cast itself. */
  channel: Channel | null;
  /** `sha256:<hex>` of the canonical JSON of what `digestOf` names. */
  inputDigest: string;
  digestOf: DigestOf;
  /** For an edited call: the digest of the proposal the person edited (the host's tool input). */
  proposedDigest?: string;
};

/**
 * JSON with every object's keys sorted, at every depth, and no whitespace: the same value gives
 * the same text whatever order its keys were sent in. Arrays keep their order; `undefined`
 * members are left out, as `JSON.stringify` leaves them.
 */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (!item || typeof item !== 'object') return item;
    const record = item as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, sorted(record[key])]),
    );
  };
  return JSON.stringify(sorted(value)) ?? 'null';
}

export function digestOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}

/** The ask as it was asked: its definition without the decision's bookkeeping. */
function askAsAsked(ask: AskState): Record<string, unknown> {
  const { position: _position, status: _status, answer: _answer, withdrawnAnswers: _withdrawn, ...asked } = ask;
  // An approval ask's approvals so far (issue 41) are the record, not what each approver approved.
  if ('quorum' in asked) delete asked.quorum;
  return asked;
}

/** The input an answer to ask `position` approves, and what it is. */
export function approvedInput(
  state: Pick<DecisionSnapshot, 'question' | 'context' | 'asks' | 'source'>,
  position: number,
): { digestOf: DigestOf; input: unknown } {
  const source = state.source;
  if (source?.kind === 'permission' && source.toolInput) return { digestOf: 'tool-input', input: source.toolInput };
  const ask = state.asks[position - 1];
  return { digestOf: 'ask', input: { question: state.question, context: state.context, ask: ask ? askAsAsked(ask) : null } };
}

/**
 * The provenance of an answer to ask `position` of `state`, given by `actor` through `channel`.
 * `edited`: the tool input the person approved instead of the proposal, which the digest then
 * binds, beside the proposal's own digest.
 */
export function provenanceOf(
  state: Pick<DecisionSnapshot, 'question' | 'context' | 'asks' | 'source'>,
  position: number,
  actor: ProvenanceActor,
  channel: Channel | null,
  edited?: Record<string, unknown>,
): Provenance {
  const approved = approvedInput(state, position);
  if (edited) return { actor, channel, inputDigest: digestOf(edited), digestOf: 'edited-input', proposedDigest: digestOf(approved.input) };
  return { actor, channel, inputDigest: digestOf(approved.input), digestOf: approved.digestOf };
}
