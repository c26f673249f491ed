/**
 * The rules of a decision's life, as pure functions over its snapshot. The workflow wires
 * them to Temporal messages; tests call them directly.
 */
import { alwaysRuleFor } from './always-rule';
import { checkAnswerShape } from './ask';
import type { AnswerValue, Ask } from './ask-schema';
import { advisoryDefaultIssue, hasOption } from './decision-content-rules';
import { applyDocumentPatch } from './documents';
import { notFoundRejection, type Rejection } from './errors';
import { UNDO_WINDOW_MS } from './undo';
import {
  overLimitNote,
  type DecisionEdit,
  type ArchiveRecord,
  type AskState,
  type DecisionContent,
  type DecisionSnapshot,
  type DecisionStart,
  type DecisionView,
  type DeliveryOutcome,
  type FilingTarget,
  type RecordedAnswer,
} from './decision';
import { normalizeQuestion } from './question-key';
import { provenanceOf, type Channel, type Provenance } from './provenance';
import { checkApproval, completesQuorum, quorumFor, type ApprovalPolicy } from './approval-quorum';

/** An entry for the activity history, written with the snapshot that it explains. */
export type DecisionEvent = {
  kind: 'opened' | 'edited' | 'answered' | 'undone' | 'resolved' | 'withdrawn' | 'archived' | 'restored' | 'delivered';
  actor: { kind: 'member' | 'agent' | 'system'; id: string | null; label?: string };
  detail?: Record<string, unknown>;
};

/**
 * What an agent does to its decision is the agent's act when the decision names one, with the
 * label of the agent token it came through (`via`) when it came through one.
 */
export function agentActor(state: Pick<DecisionSnapshot, 'links'>, memberId: string, via?: string): DecisionEvent['actor'] {
  if (!state.links.agentId) return { kind: 'member', id: memberId };
  return via ? { kind: 'agent', id: state.links.agentId, label: via } : { kind: 'agent', id: state.links.agentId };
}

export type AnswerCommand = {
  ask: number;
  value: AnswerValue;
  reason: string | null;
  answeredBy: string;
  /**
   * The machine answered it, not a person: the stack's auto-default (cast-decide "Decision stacks"),
   * or a rule (issue 42; workflows/automatic-answers.ts passes a rule's provenance itself).
   */
  automatic?: true;
  /** How the answer reached Cast (the request's channel); absent from commands sent before it was kept. */
  channel?: Channel;
  /**
   * Issue 40 item 5: the decision's revision the answer was offered at (an answer-in-place link):
   * the answer lands only while the decision is still at it. Checked in the validator, so an edit
   * racing the link's press cannot slip between a read and the update.
   */
  atRevision?: number;
  /** Access asks: what the API found when it re-checked the agent's grants (E8, E9). */
  access?: 'verified' | 'self_reported' | 'denied';
  /**
   * The answering member's workspace, when the answer comes through the API: the workflow
   * refuses another workspace's decision as not found, so the API need not read the row first.
   */
  workspaceId?: string;
  /**
   * When the caller stops waiting. An update that reaches the workflow later (say, no worker
   * ran until then) is refused, so a request that failed with 503 never lands afterwards.
   */
  expiresAt?: string;
};

/** A command (an answer, a filing) that reaches the workflow after its caller gave up is refused. */
export function expiredCommand(command: { expiresAt?: string }, now: Date): Rejection | null {
  if (!command.expiresAt || now.getTime() <= Date.parse(command.expiresAt)) return null;
  return {
    code: 'request_expired',
    message: 'The request reached Cast after it had given up waiting; nothing was changed. Send it again.',
  };
}

function openAsks(asks: Ask[], previous: AskState[] = [], policy?: ApprovalPolicy): AskState[] {
  return asks.map((ask, index) => {
    const before = previous[index];
    // An ask the edit left exactly as it was keeps its answer (and its approvals); a changed ask is asked afresh.
    if (before && sameAsk(before, ask)) return before;
    const quorum = ask.kind === 'approval' ? quorumFor(ask, policy) : undefined;
    return { ...ask, position: index + 1, status: 'open', answer: null, ...(quorum ? { quorum } : {}) } as AskState;
  });
}

function sameAsk(state: AskState, ask: Ask): boolean {
  const { position: _p, status: _s, answer: _a, ...definition } = state;
  if ('quorum' in definition) delete definition.quorum;
  return JSON.stringify(definition) === JSON.stringify(ask);
}

function contentOf(content: DecisionContent) {
  return {
    question: content.question,
    context: content.context ?? null,
    mode: content.mode,
    defaultOption: content.mode === 'advisory' ? (content.defaultOption ?? null) : null,
    confidence: content.confidence ?? null,
    attempts: content.attempts ?? [],
    documents: content.documents ?? {},
  };
}

export function openDecision(start: DecisionStart, now: Date): DecisionSnapshot {
  const at = now.toISOString();
  return {
    id: start.id,
    number: start.number,
    workspaceId: start.workspaceId,
    ...contentOf(start),
    status: 'open',
    asks: openAsks(start.asks, [], start.approvalPolicy),
    links: start.links,
    messagesAtAsk: start.messagesAtAsk,
    droppedAsks: start.droppedAsks,
    filedBy: start.filedBy,
    delivery: null,
    undoWindowMs: start.undoWindowMs ?? UNDO_WINDOW_MS,
    archived: null,
    stack: null,
    source: start.source ?? null,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    resolvedAt: null,
    closedAt: null,
  };
}

/** The id is not echoed: another workspace's id and a missing one must read exactly alike. */
export const DECISION_NOT_FOUND: Rejection = notFoundRejection('decision');

/**
 * Issue 31 item 5: a host prompt is withdrawn only when its host stopped waiting — its hook
 * gave up, or its recorded deadline passed (Cast withdraws it then) — so an answer to it would
 * reach no one, and says so rather than merely "no longer open".
 */
function nobodyWaiting(
  state: Pick<DecisionSnapshot, 'id' | 'status'> & Partial<Pick<DecisionSnapshot, 'source' | 'closedAt'>>,
): Rejection | null {
  const source = state.source;
  if (state.status !== 'withdrawn' || !source || (source.kind !== 'permission' && source.kind !== 'terminal')) return null;
  const lapsed = source.waitsUntil && state.closedAt && state.closedAt >= source.waitsUntil;
  return {
    code: 'nobody_waiting',
    message: lapsed
      ? `Nobody was waiting for ${state.id} any more: its agent stopped waiting at ${source.waitsUntil}, and Cast withdrew it then. Your answer would reach no one; nothing changed.`
      : `Nobody was waiting for ${state.id} any more: its agent stopped waiting and withdrew it. Your answer would reach no one; nothing changed.`,
    details: { decisionStatus: state.status, waitsUntil: source.waitsUntil ?? null },
  };
}

/**
 * Issue 31 item 9: "always allow" is kept by the host that filed the card, as the rules it sent
 * (`source.alwaysAllows`); on any other card it would be a plain approve that promised more.
 */
function alwaysNotOffered(
  state: Pick<DecisionSnapshot, 'id'> & Partial<Pick<DecisionSnapshot, 'source' | 'question' | 'context' | 'asks' | 'links'>>,
  command: AnswerCommand,
): Rejection | null {
  if (command.value.kind !== 'approval' || !command.value.always) return null;
  const source = state.source;
  if (source?.kind === 'permission' && source.alwaysAllows?.length) return null;
  // Issue 42 item 4: or Cast keeps it, as a rule, where it can say narrowly what "the same" is.
  if (
    state.asks &&
    state.links &&
    state.question !== undefined &&
    alwaysRuleFor(
      {
        ...state,
        context: state.context ?? null,
        source: state.source ?? null,
        question: state.question,
        asks: state.asks,
        links: state.links,
      },
      command.ask,
    )
  )
    return null;
  return {
    code: 'always_not_offered',
    message: `${state.id} offers no "always": neither its host nor a rule of Cast can keep it narrowly (a fetch, or an approval filed without an agent). Approve it without "always"; nothing changed.`,
    details: { decision: state.id },
  };
}

/**
 * Issue 43 item 6: an edited tool input is taken only where its host runs it — a permission card
 * whose host said it takes one back (Claude Code's PermissionRequest) — and only from the one
 * approver who answers the ask: several approvers would each approve something else.
 */
function editNotOffered(state: Partial<Pick<DecisionSnapshot, 'id' | 'source'>>, ask: AskState, command: AnswerCommand): Rejection | null {
  if (command.value.kind !== 'approval' || command.value.editedInput === undefined) return null;
  const source = state.source;
  const quorum = ask.kind === 'approval' && (ask.quorum?.required ?? 1) > 1;
  if (source?.kind === 'permission' && source.editable === true && !quorum) return null;
  return {
    code: 'edit_not_offered',
    message: `${state.id ?? 'This decision'} takes no edited input: ${quorum ? 'it needs several approvers' : 'its host cannot run an edited call'}. Approve or deny it as proposed; nothing changed.`,
    details: { decision: state.id ?? null },
  };
}

function notOpen(state: Pick<DecisionSnapshot, 'id' | 'status'>): Rejection | null {
  if (state.status === 'open') return null;
  if (state.status === 'archived') return { code: 'decision_archived', message: 'This decision was archived.' };
  // `decisionStatus`, not `status`: a problem's own `status` is its HTTP status.
  return {
    code: 'decision_not_open',
    message: `Decision ${state.id} is ${state.status}; it can no longer change.`,
    details: { decisionStatus: state.status },
  };
}

/** Filing the same question again, or editing: only an open decision can be rewritten. */
export function checkRewrite(state: Pick<DecisionSnapshot, 'id' | 'status' | 'asks'>): Rejection | null {
  const rejection = notOpen(state);
  if (!rejection) return null;
  return {
    ...rejection,
    details: { decision: state.id, status: state.status, decisionStatus: state.status, answers: answersOf(state) },
  };
}

/**
 * A filing reaches only the decision it was meant for (`FilingTarget`): a workflow under the
 * same id that another filing started, for another workspace, session or question, refuses it,
 * and the API files again under a new number. `question` is the one the decision was filed with.
 */
export function checkFilingTarget(
  decision: { workspaceId: string; sessionId: string | null; question: string; filing?: string | undefined },
  target: FilingTarget,
  question: string,
): Rejection | null {
  if (decision.filing !== undefined && decision.filing === target.filing) return null;
  const same =
    target.sessionId !== null &&
    decision.workspaceId === target.workspaceId &&
    decision.sessionId === target.sessionId &&
    normalizeQuestion(decision.question) === normalizeQuestion(question);
  if (same) return null;
  return { code: 'workflow_id_taken', message: 'Another decision already runs under this id; the filing goes to a new one.' };
}

/** Rewrites an open decision in place (same id, age and place in the queue); `null` when nothing changed. */
export function rewrite(state: DecisionSnapshot, content: DecisionContent, now: Date, policy?: ApprovalPolicy): DecisionSnapshot | null {
  const next = { ...state, ...contentOf(content), asks: openAsks(content.asks, state.asks, policy) };
  if (JSON.stringify(next) === JSON.stringify(state)) return null;
  return resolveIfComplete({ ...next, revision: state.revision + 1, updatedAt: now.toISOString() }, now);
}

/** Why this answer cannot be recorded, or `null` when it can. First writer wins (FR-26). */
export function checkAnswer(
  state: Pick<DecisionSnapshot, 'id' | 'status' | 'asks'> &
    Partial<Pick<DecisionSnapshot, 'source' | 'closedAt' | 'revision'>> & { workspaceId?: string },
  command: AnswerCommand,
): Rejection | null {
  // A view read within the caller's workspace carries none to compare.
  if (state.workspaceId && command.workspaceId && command.workspaceId !== state.workspaceId) return DECISION_NOT_FOUND;
  const ask = state.asks[command.ask - 1];
  if (!ask) {
    return {
      code: 'ask_not_found',
      message: `Decision ${state.id} has no ask ${command.ask}; it has asks 1–${state.asks.length}.`,
      details: { ask: command.ask, asks: state.asks.length },
    };
  }
  if (ask.answer) {
    return {
      code: 'ask_already_answered',
      message: 'Someone else answered this a moment ago.',
      details: { ask: command.ask, answer: ask.answer },
    };
  }
  const closed = nobodyWaiting(state) ?? notOpen(state);
  if (closed) return closed;
  const moved = revisionMoved(state, command);
  if (moved) return moved;
  const place = { permission: state.source?.kind === 'permission' };
  const shape =
    checkAnswerShape(ask, command.ask, command.value, command.reason, place) ??
    alwaysNotOffered(state, command) ??
    editNotOffered(state, ask, command);
  if (shape) return shape;
  // Issue 41 items 3, 4: the same person counts once, and the asker may not approve their own agent's request.
  const approval = ask.kind === 'approval' ? checkApproval(ask.quorum, command.ask, command.value, command.answeredBy) : null;
  if (approval) return approval;
  if (ask.kind === 'access' && command.access === 'denied') {
    return {
      code: 'access_not_granted',
      message: 'That access still is not granted. Nothing was changed.',
      details: { ask: command.ask, grantUrl: ask.grantUrl, tool: ask.tool ?? null },
    };
  }
  return null;
}

/**
 * Issue 40 item 5: an answer offered at a revision (an answer-in-place link) refuses once the
 * decision moved past it — edited, another ask answered, undone, archived and restored — since
 * the person pressed for the decision as it was then.
 */
function revisionMoved(
  state: Pick<DecisionSnapshot, 'id'> & Partial<Pick<DecisionSnapshot, 'revision'>>,
  command: AnswerCommand,
): Rejection | null {
  if (command.atRevision === undefined || state.revision === undefined || state.revision === command.atRevision) return null;
  return {
    code: 'link_decision_changed',
    message: `${state.id} changed since this link was sent; nothing was answered. Open the decision to answer it as it is now.`,
    details: { decision: state.id, linkRevision: command.atRevision, revision: state.revision },
  };
}

/**
 * Who gave this answer and through which channel, with a digest of what it approved: the
 * stack's auto-default (no channel: no door carried it), or the member through the request's channel.
 */
export function answerProvenance(state: DecisionSnapshot, command: AnswerCommand): Provenance {
  if (command.automatic)
    return provenanceOf(state, command.ask, { kind: 'stack-auto-default', stackId: state.stack?.stackId ?? null }, null);
  const edited = command.value.kind === 'approval' ? command.value.editedInput : undefined;
  return provenanceOf(state, command.ask, { kind: 'member', id: command.answeredBy }, command.channel ?? null, edited);
}

/**
 * Records a checked answer; the last required answer resolves the decision (FR-28). `provenance`
 * is kept with it, for decisions filed at the workflow version that records it.
 */
export function applyAnswer(state: DecisionSnapshot, command: AnswerCommand, now: Date, provenance?: Provenance): DecisionSnapshot {
  const at = now.toISOString();
  const asks = state.asks.map((ask): AskState => {
    if (ask.position !== command.ask) return ask;
    if (ask.kind === 'approval' && ask.quorum && command.value.kind === 'approval' && command.value.decision === 'approve') {
      // Issue 41 item 3: each approval is recorded; the one that reaches the quorum answers the ask.
      const approval = {
        by: command.answeredBy,
        at,
        channel: command.channel ?? null,
        reason: command.reason,
        ...(provenance ? { provenance } : {}),
      };
      const quorum = { ...ask.quorum, approvals: [...ask.quorum.approvals, approval] };
      if (quorum.approvals.length < quorum.required) return { ...ask, quorum };
      return { ...ask, quorum, status: 'answered', answer: recordedAnswer(command, at, provenance) };
    }
    const verification = ask.kind === 'access' ? (command.access === 'verified' ? 'verified' : 'self_reported') : undefined;
    return { ...ask, status: 'answered', answer: recordedAnswer(command, at, provenance, verification) };
  });
  return resolveIfComplete({ ...state, asks, revision: state.revision + 1, updatedAt: at }, now);
}

function recordedAnswer(
  command: AnswerCommand,
  at: string,
  provenance: Provenance | undefined,
  verification?: 'verified' | 'self_reported',
): RecordedAnswer {
  return {
    value: command.value,
    reason: command.reason,
    answeredBy: command.answeredBy,
    answeredAt: at,
    ...(verification ? { verification } : {}),
    ...(command.automatic ? { automatic: true as const } : {}),
    ...(provenance ? { provenance } : {}),
  };
}

/**
 * Whether this answer is an approval the ask counts without being answered by it (issue 41 item
 * 3): the quorum is not reached yet, so the decision stays open.
 */
export function isPartialApproval(state: Pick<DecisionSnapshot, 'asks'>, command: AnswerCommand): boolean {
  const ask = state.asks[command.ask - 1];
  return ask?.kind === 'approval' && !completesQuorum(ask.quorum, command.value);
}

function resolveIfComplete(state: DecisionSnapshot, now: Date): DecisionSnapshot {
  const { answered, required } = progress(state);
  // A decision whose asks are all optional resolves on its first answer.
  const complete = required > 0 ? answered === required : state.asks.some((ask) => ask.answer);
  if (state.status !== 'open' || !complete) return state;
  const at = now.toISOString();
  return { ...state, status: 'resolved', resolvedAt: at, closedAt: at };
}

/** A person sets an open decision aside unanswered (FR-43, FR-46): nothing resolves or restarts. */
export function checkArchive(state: Pick<DecisionSnapshot, 'id' | 'status'>): Rejection | null {
  return notOpen(state);
}

export function archive(state: DecisionSnapshot, now: Date, record: Omit<ArchiveRecord, 'at'>): DecisionSnapshot {
  const at = now.toISOString();
  return { ...state, status: 'archived', archived: { ...record, at }, closedAt: at, revision: state.revision + 1, updatedAt: at };
}

/** Restore returns it to open with its asks as they were (FR-48). */
export function checkRestore(state: Pick<DecisionSnapshot, 'id' | 'status'>): Rejection | null {
  if (state.status === 'archived') return null;
  return {
    code: 'decision_not_open',
    message: `Decision ${state.id} is ${state.status}, not archived; there is nothing to restore.`,
    details: { decisionStatus: state.status },
  };
}

export function restore(state: DecisionSnapshot, now: Date): DecisionSnapshot {
  return { ...state, status: 'open', archived: null, closedAt: null, revision: state.revision + 1, updatedAt: now.toISOString() };
}

/** The agent withdraws its own open decision. */
export function withdraw(state: DecisionSnapshot, now: Date): DecisionSnapshot {
  const at = now.toISOString();
  return { ...state, status: 'withdrawn', closedAt: at, revision: state.revision + 1, updatedAt: at };
}

/** "Run now" (FR-34, E5) retries a delivery that failed; there is nothing to run otherwise. */
export function checkRunNow(state: Pick<DecisionSnapshot, 'id' | 'status' | 'delivery'>): Rejection | null {
  if (state.status === 'resolved' && state.delivery?.kind === 'failed') return null;
  return {
    code: 'nothing_to_run',
    message: `Decision ${state.id} has no failed restart to run again.`,
    details: { status: state.status, delivery: state.delivery?.kind ?? null },
  };
}

/** Deterministic in its inputs: the delivery activity and the workflow compute the same snapshot. */
export function recordDelivery(state: DecisionSnapshot, outcome: DeliveryOutcome): DecisionSnapshot {
  return { ...state, delivery: outcome, revision: state.revision + 1, updatedAt: outcome.at };
}

/** Progress counts required asks only; optional asks never hold a decision (FR-21, FR-22). */
export function progress(state: Pick<DecisionSnapshot, 'asks'>): { answered: number; required: number } {
  const required = state.asks.filter((ask) => ask.required);
  return { answered: required.filter((ask) => ask.answer).length, required: required.length };
}

/**
 * Whether answering ask `position` now would close the decision (FR-28, and FR-21: an all-optional
 * decision closes on its first answer), by the same rule as the workflow's. The web sends what a
 * person filled in on the other optional asks before such an answer, so none is lost (issue 39 item 6).
 */
export function answerCloses(asks: ReadonlyArray<Pick<AskState, 'position' | 'required' | 'answer'>>, position: number): boolean {
  const required = asks.filter((ask) => ask.required);
  if (required.length === 0) return !asks.some((ask) => ask.answer);
  return required.every((ask) => ask.answer || ask.position === position) && required.some((ask) => ask.position === position);
}

export function answersOf(state: Pick<DecisionSnapshot, 'asks'>) {
  return state.asks.filter((ask) => ask.answer).map((ask) => ({ ask: ask.position, answer: ask.answer }));
}

export function toDecisionView(state: DecisionSnapshot, firstViewedAt: string | null = null): DecisionView {
  const { workspaceId: _workspace, number: _number, ...view } = state;
  const note = overLimitNote(state.droppedAsks);
  // Rows mirrored before undo and archive records existed read with their defaults.
  const defaults = { undoWindowMs: UNDO_WINDOW_MS, archived: null, stack: null, source: null };
  return { ...defaults, ...view, progress: progress(state), notes: note ? [note] : [], firstViewedAt };
}

/**
 * An agent's edit merged onto its open decision. Turning a decision blocking clears its
 * default. The API validated each field the edit sends; what the edit can still break is a
 * rule spanning fields it sends and fields it keeps, checked here on the merged result.
 */
export function mergeEdit(state: DecisionSnapshot, edit: DecisionEdit): DecisionContent | Rejection {
  const mode = edit.mode ?? state.mode;
  const merged = {
    question: edit.question ?? state.question,
    context: edit.context ?? state.context ?? undefined,
    asks: edit.asks ?? state.asks.map(({ position: _p, status: _s, answer: _a, ...ask }) => ask),
    mode,
    defaultOption: mode === 'blocking' ? undefined : (edit.defaultOption ?? state.defaultOption ?? undefined),
    confidence: edit.confidence ?? state.confidence ?? undefined,
    attempts: edit.attempts ?? state.attempts,
  };
  const issue = advisoryDefaultIssue(merged);
  // The rule's message names what it concerns; `issue.path` is for programs, not for the sentence.
  if (issue) return { code: 'invalid_request', message: issue.message };
  const documents = applyDocumentPatch(state.documents, edit.documents);
  const orphan = Object.keys(documents.options ?? {}).find((key) => {
    const [ask, option] = key.split('.').map(Number);
    return !hasOption(merged.asks, ask!, option!);
  });
  if (orphan) {
    return { code: 'invalid_request', message: `Ask ${orphan.replace('.', ' has no option ')} to attach a page to.` };
  }
  return { ...merged, documents };
}

/** Who an automatic answer is recorded as: no member, the stack's policy. */
export const AUTO_DEFAULT_ACTOR = 'auto-default';

/**
 * The stack's auto-default for this decision, when it applies: an open advisory decision
 * whose decision ask is still unanswered gets its declared default. Blocking members never do.
 */
/**
 * The answer a decision's declared default gives: an open advisory decision whose decision ask
 * is still unanswered takes its default option. The one eligibility rule for the stack's
 * deadline (below) and a person's "answer every advisory default" (api/services/stacks.ts).
 */
export function declaredDefault(
  state: Pick<DecisionSnapshot, 'status' | 'mode' | 'defaultOption' | 'asks'>,
): Pick<AnswerCommand, 'ask' | 'value'> | null {
  if (state.status !== 'open' || state.mode !== 'advisory' || state.defaultOption === null) return null;
  const choice = state.asks.find((ask) => ask.kind === 'decision');
  if (!choice || choice.answer) return null;
  return { ask: choice.position, value: { kind: 'decision', selected: [state.defaultOption] } };
}

export function autoDefaultAnswer(state: DecisionSnapshot): AnswerCommand | null {
  const answer = declaredDefault(state);
  if (!answer) return null;
  const command: AnswerCommand = {
    ...answer,
    reason: "Answered automatically: the stack's deadline passed, so the declared default stands.",
    answeredBy: AUTO_DEFAULT_ACTOR,
    automatic: true,
  };
  return checkAnswer(state, command) ? null : command;
}

/**
 * Resolution through a record's own door (FR-29, E2): the approval or escalation endpoint
 * answers the derived first ask, every other open ask is recorded as superseded rather than
 * left dangling, and the decision resolves — the same resolution as answering in the queue.
 */
export function settle(state: DecisionSnapshot, command: AnswerCommand, now: Date, provenance?: Provenance): DecisionSnapshot {
  const answered = applyAnswer(state, command, now, provenance);
  // An approval short of its quorum is counted; the record stays pending and the decision open.
  if (isPartialApproval(state, command)) return answered;
  const asks = answered.asks.map((ask): AskState => (ask.answer || ask.status !== 'open' ? ask : { ...ask, status: 'superseded' }));
  const at = now.toISOString();
  return { ...answered, asks, status: 'resolved', resolvedAt: answered.resolvedAt ?? at, closedAt: answered.closedAt ?? at };
}
