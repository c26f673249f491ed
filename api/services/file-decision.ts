/**
 * Write side of filing: resolve links, pick the decision id (the open one for the same
 * question from the same session, else a new `sd-N`), and file it through the workflow.
 */
import { capAsks, decisionIdOf, decisionNumberOf, type DecisionSource, type DecisionStart, type DecisionView } from '../../domain/decision';
import type { AssigneeRef } from '../../domain/assignment';
import type { AutomaticAnswer } from '../../domain/automatic-answer';
import { FileDecisionBody } from '../../domain/decision-schema';
import { cardNotes } from '../../domain/card-notes';
import { applyDocumentPatch } from '../../domain/documents';
import { toDecisionView } from '../../domain/decision-state';
import { DomainError, notFound } from '../../domain/errors';
import { claimDecisionKey, releaseDecisionKey, retryKey, sessionKey } from '../../db/decision-keys';
import { nextDecisionNumber, skipDecisionNumbers } from '../../db/decision-queries';
import { reminderPlan } from '../../db/reminder-settings';
import { resolveAskTargets } from '../../db/assignments';
import { approvalSettings } from '../../db/approval-settings';
import { policyOf } from '../../domain/approval-settings-schema';
import { getStack } from '../../db/stacks';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../domain/principal';
import { parseWith } from '../problem';
import type { TemporalGateway } from '../temporal-gateway';
import { resolveLinks } from './decision-links';
import { storeDocuments } from './store-documents';

export type Filed = { decision: DecisionView; created: boolean; notes: string[] };

/**
 * Issue 42 item 1: the answers the workspace's rules give a filing, read before its workflow
 * starts and passed in the start (`DecisionStart.automaticAnswers`), so the workflow stays
 * deterministic (api/services/rules/rules-at-filing.ts); `filed` puts what matched on record once
 * the decision has its id.
 */
export type AutomaticAnswersFor = (filing: {
  principal: Principal;
  filing: Omit<DecisionStart, 'id' | 'number' | 'automaticAnswers'>;
}) => Promise<RulesAtFiling>;

/**
 * What the rules make of a filing: the answers they give, whom the decision goes to when the
 * agent named nobody (`route`), the approvers an approval ask needs at least (by position), and
 * `filed`, which puts what matched on record once the decision has its id.
 */
export type RulesAtFiling = {
  answers: AutomaticAnswer[];
  route?: AssigneeRef;
  approvers?: Readonly<Record<number, number>>;
  filed?: (decisionId: string) => Promise<void>;
};

type FilingDeps = {
  pool: Pool;
  temporal: TemporalGateway;
  undoWindowMs?: number;
  openPerAgent?: number;
  automaticAnswers?: AutomaticAnswersFor;
};

/** Files a body as it came: asks past the tenth are dropped and counted (E10), the rest validated. */
export async function fileDecision(
  deps: FilingDeps,
  principal: Principal,
  raw: unknown,
  /** Set by Cast itself, never by the caller's body: the approval or escalation it carries. */
  source?: DecisionSource,
): Promise<Filed> {
  const { body: capped, droppedAsks } = capAsks(raw);
  return fileValidDecision(deps, principal, parseWith(FileDecisionBody, capped), droppedAsks, source);
}

/** Files a body already validated, with the number of asks dropped from it (E10). */
export async function fileValidDecision(
  deps: FilingDeps,
  principal: Principal,
  body: FileDecisionBody,
  droppedAsks: number,
  source?: DecisionSource,
  /** The request's `Idempotency-Key`: a filing without a session is deduplicated by it instead. */
  idempotencyKey?: string,
): Promise<Filed> {
  const { links, messagesAtAsk, registerSession } = await resolveLinks(deps.pool, principal, body);
  // Read beside the flood check: the workflow takes the workspace's reminder settings in its start.
  // An ask addressed to someone is kept by their id (issue 41 item 1); a name nobody goes by refuses here.
  const [, reminders, approvals, asks] = await Promise.all([
    refuseFlooding(deps.pool, principal.workspaceId, links.agentId, deps.openPerAgent ?? OPEN_PER_AGENT),
    reminderPlan(deps.pool, principal.workspaceId, links.assignee?.kind === 'team' ? links.assignee.id : null),
    approvalSettings(deps.pool, principal.workspaceId),
    resolveAskTargets(deps.pool, principal.workspaceId, body.asks),
  ]);
  // Issue 41 items 3, 4: the asker is the filing member — a session is only ever posted to by the
  // member who owns it, and an agent token files as the member who minted it.
  const approvalPolicy = policyOf(approvals, principal.memberId);
  // `--stack ds-N`: refused before anything is filed when the stack is missing or closed.
  const stack = body.stack ? await getStack(deps.pool, principal.workspaceId, body.stack) : null;
  if (body.stack && !stack) throw notFound('stack');
  if (stack?.status === 'closed') throw new DomainError('stack_closed', `Stack ${stack.id} is closed: every member is resolved.`);
  // Only now, with every check passed, does the filing register its session.
  await registerSession();
  const documents = applyDocumentPatch({}, await storeDocuments(deps.pool, principal.workspaceId, body));
  const content = {
    documents,
    question: body.question,
    context: body.context,
    asks,
    mode: body.mode,
    defaultOption: body.defaultOption,
    confidence: body.confidence,
    attempts: body.attempts,
  };

  const filed = {
    ...content,
    workspaceId: principal.workspaceId,
    filedBy: principal.memberId,
    ...(principal.kind === 'agent' ? { filedVia: principal.tokenLabel } : {}),
    links,
    messagesAtAsk,
    droppedAsks,
    reminders,
    approvalPolicy,
    ...(deps.undoWindowMs ? { undoWindowMs: deps.undoWindowMs } : {}),
    ...(source ? { source } : {}),
  };
  // The number is taken beside the rules' read, one round trip fewer per filing (issue 39 item
  // 14); one the rules then leave unused is a gap, which numbers allow (they only have to be unique).
  const first = nextDecisionNumber(deps.pool);
  first.catch(() => undefined); // Awaited below; marked handled so a throw in the rules leaves no stray rejection.
  const { filing, recordMatches } = await withAutomaticAnswers(deps, principal, filed);

  let collisions = 0;
  let released = false;
  let expiredWaits = 0;
  // A number is taken once and kept through a retry of the key; only a collision takes another.
  let candidate: string | null = null;
  for (;;) {
    // Only a collision, below, lets go of a number: the first is the one taken above.
    candidate ??= decisionIdOf(await (collisions === 0 ? first : nextDecisionNumber(deps.pool)));
    // A record's decision is its own: the same question again is another record, not an edit.
    const key = source ? null : decisionKeyOf(principal, body.question, links.sessionId, idempotencyKey);
    const id: string = key ? await claimDecisionKey(deps.pool, key, candidate) : candidate;
    try {
      const snapshot = await deps.temporal.fileDecision(
        { ...filing, id, number: decisionNumberOf(id) },
        // The asks as the rules left them (a quorum rule raises an approval's approvers).
        { ...content, asks: filing.asks },
        // Every try of one keyed filing is one filing, so the workflow the first started takes the retry.
        key && !links.sessionId ? `${key.scope}/${key.questionKey}` : undefined,
      );
      const notes = cardNotes(snapshot);
      await recordMatches?.(snapshot.id);
      if (stack) notes.push(...(await joinStack(deps, stack.id, snapshot.id)));
      const decision = toDecisionView(snapshot);
      return { decision, created: id === candidate, notes };
    } catch (error) {
      const code = error instanceof DomainError ? error.code : null;
      const closed = code === 'decision_not_open' || code === 'decision_archived';
      if (id !== candidate && code === 'request_expired' && expiredWaits < EXPIRED_WAITS) {
        // The key points at the workflow an earlier try started, whose filing reached a worker
        // after that try had answered 503: it is deciding, now, whether a worker took it in time
        // (then this try rewrites it) or not (then it ends, and the branch below opens anew).
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** expiredWaits));
        expiredWaits += 1;
        continue;
      }
      if (id !== candidate && (closed || code === 'workflow_id_taken') && !released) {
        released = true;
        // The key pointed at a decision that has just closed, or at a workflow that is not that
        // decision (a restored database): free it and open a new one.
        await releaseDecisionKey(deps.pool, id);
        continue;
      }
      if (id === candidate && (closed || code === 'workflow_id_taken') && collisions < MAX_COLLISIONS) {
        // A new number whose workflow id Temporal already holds: only a database restored to an
        // earlier point reuses numbers. Leap ahead, further each time, past what it reused.
        await releaseDecisionKey(deps.pool, id);
        await skipDecisionNumbers(deps.pool, 2 ** collisions);
        collisions += 1;
        candidate = null;
        continue;
      }
      throw error;
    }
  }
}

/** The filing, with the answers the rules give it (issue 42 item 1) when there are any. */
async function withAutomaticAnswers<T extends Omit<DecisionStart, 'id' | 'number' | 'automaticAnswers'>>(
  deps: FilingDeps,
  principal: Principal,
  filing: T,
): Promise<{ filing: T & Pick<DecisionStart, 'automaticAnswers'>; recordMatches: ((decisionId: string) => Promise<void>) | undefined }> {
  if (!deps.automaticAnswers) return { filing, recordMatches: undefined };
  const { answers, route, approvers, filed } = await deps.automaticAnswers({ principal, filing });
  let next: T & Pick<DecisionStart, 'automaticAnswers'> = filing;
  // A rule routes what the agent addressed to nobody; a team's reminders then follow its plan.
  if (route && !filing.links.assignee) {
    const reminders = await reminderPlan(deps.pool, principal.workspaceId, route.kind === 'team' ? route.id : null);
    next = { ...next, links: { ...next.links, assignee: route }, reminders };
  }
  // A rule may ask for more approvers than the agent did, never fewer.
  if (approvers) {
    next = {
      ...next,
      asks: next.asks.map((ask, index) => {
        const required = approvers[index + 1];
        if (ask.kind !== 'approval' || required === undefined) return ask;
        return { ...ask, approvers: { required: Math.max(ask.approvers?.required ?? 1, required) } };
      }),
    };
  }
  if (answers.length > 0) next = { ...next, automaticAnswers: answers };
  return { filing: next, recordMatches: filed };
}

/**
 * The key that makes a re-post land on the open decision: (session, question); with no session,
 * (principal, Idempotency-Key, question), so a filing retried after a 503 that took effect lands
 * on the decision it filed, as a session's does (issue 38 item 11). Null: always a new decision.
 */
function decisionKeyOf(principal: Principal, question: string, sessionId: string | null, idempotencyKey: string | undefined) {
  const { workspaceId } = principal;
  if (sessionId) return sessionKey({ workspaceId, sessionId, question });
  if (!idempotencyKey) return null;
  const who = principal.kind === 'agent' ? `agent:${principal.agentId}` : `member:${principal.memberId}`;
  return retryKey({ workspaceId, principal: who, idempotencyKey, question });
}

/** 2^32 numbers leapt over: no restored range is that long. */
const MAX_COLLISIONS = 32;
/** How many times a keyed retry waits, 0.1 s doubling (3.1 s in all), for an expired try's workflow to settle. */
const EXPIRED_WAITS = 5;

/** Appends the filed decision to its stack; a re-post already in it stays where it is. */
async function joinStack(deps: { temporal: TemporalGateway }, stackId: string, decisionId: string): Promise<string[]> {
  try {
    const joined = await deps.temporal.addStackMembers(stackId, [{ decisionId, open: true }]);
    return joined ? [] : [`${stackId} closed before ${decisionId} could join it.`];
  } catch (error) {
    if (error instanceof DomainError && error.code === 'already_in_stack') return [];
    if (error instanceof DomainError && (error.code === 'stack_closed' || error.code === 'stack_full')) {
      return [`${decisionId} was filed but not added to ${stackId}: ${error.message}`];
    }
    throw error;
  }
}

/** An agent may keep this many decisions open at once: enough for real work, not a flood. */
export const OPEN_PER_AGENT = 200;

/**
 * One agent cannot flood a person's queue: past the cap, a new filing from it is refused
 * until some are answered or archived (a re-post of an open question still rewrites it).
 */
async function refuseFlooding(pool: Pool, workspaceId: string, agentId: string | null, cap: number): Promise<void> {
  if (!agentId) return;
  const { rows } = await pool.query<{ open: number; name: string }>(
    `select (select count(*)::int from decisions where workspace_id = $1 and agent_id = $2 and status = 'open') as open,
            (select name from agents where workspace_id = $1 and id = $2) as name`,
    [workspaceId, agentId],
  );
  const { open, name } = rows[0]!;
  if (open < cap) return;
  throw new DomainError(
    'agent_open_cap',
    `${name} already has ${open} open decisions waiting, the most one agent may keep open (${cap}). Answer or archive some before it asks more.`,
    { agentId, open, cap },
  );
}
