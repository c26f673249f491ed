/**
 * Approvals and escalations through their own doors (AW-03 §5.1, FR-13, FR-29). Each record
 * is carried into the queue by a decision with one derived ask; its approve, reject and
 * resolve endpoints answer that ask through the decision's workflow, so every door — these,
 * the queue, the chat tool, an Inbox reply — ends in the same resolution, once.
 */
import type { DecisionView, RecordRef } from '../../domain/decision';
import type { AnswerBody } from '../../domain/decision-schema';
import type { ProposeApprovalBody } from '../../domain/approval';
import { checkAnswer, type AnswerCommand } from '../../domain/decision-state';
import { DomainError, notFound } from '../../domain/errors';
import type { RaiseEscalationBody, ResolveEscalationBody } from '../../domain/escalation';
import { approvalReply, escalationReply } from '../../domain/inbox-reply';
import { approvalDecision, escalationDecision } from '../../domain/record-projection';
import { getApproval, insertApproval } from '../../db/approvals';
import { getDecision } from '../../db/decision-queries';
import { dedupeOwner, findKeyedEscalation, getEscalation, upsertEscalation } from '../../db/escalations';
import type { Pool } from '../../db/pool';
import { deleteUncarriedRecord, setRecordDecision } from '../../db/records';
import type { Channel } from '../../domain/provenance';
import type { Principal } from '../../domain/principal';
import type { TemporalGateway } from '../temporal-gateway';
import { editDecision } from './change-decision';
import { fileDecision } from './file-decision';

type Deps = { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number };

const noLinks = { agentId: null, taskId: null, sessionId: null, runId: null };
const linkFields = (body: { agent?: string; task?: string; session?: string; run?: string }) => ({
  ...(body.agent ? { agent: body.agent } : {}),
  ...(body.task ? { task: body.task } : {}),
  ...(body.session ? { session: body.session } : {}),
  ...(body.run ? { run: body.run } : {}),
});

/** Files the carrying decision; a record whose decision could not be filed is removed again. */
async function carry(deps: Deps, principal: Principal, record: RecordRef, raw: Record<string, unknown>): Promise<DecisionView> {
  try {
    const { decision } = await fileDecision(deps, principal, raw, record);
    const { sessionId, agentId, taskId, runId } = decision.links;
    await setRecordDecision(deps.pool, principal.workspaceId, record, decision.id, { sessionId, agentId, taskId, runId });
    return decision;
  } catch (error) {
    await deleteUncarriedRecord(deps.pool, principal.workspaceId, record);
    throw error;
  }
}

export async function proposeApproval(deps: Deps, principal: Principal, body: ProposeApprovalBody) {
  const approval = await insertApproval(deps.pool, principal.workspaceId, principal.memberId, body, noLinks);
  await carry(deps, principal, { kind: 'approval', id: approval.id }, { ...approvalDecision(body), ...linkFields(body) });
  return (await getApproval(deps.pool, principal.workspaceId, approval.id))!;
}

/**
 * A raise under a dedupe key its principal already has open updates that escalation; any other
 * principal's key is another key (issue 38 item 3). The open one's decision is edited first, so
 * a refused edit leaves the escalation as it was: a refused request writes nothing.
 */
export async function raiseEscalation(deps: Deps, principal: Principal, body: RaiseEscalationBody) {
  const owner = dedupeOwner(principal);
  const content = escalationDecision(body);
  const open = body.dedupeKey ? await findKeyedEscalation(deps.pool, principal.workspaceId, owner, body.dedupeKey) : null;
  if (open?.decisionId) {
    // The same key again: the open escalation's decision shows what the agent knows now. One
    // that is closed or archived stays as it is; the escalation is still updated below.
    const { mode: _mode, ...edit } = content;
    await editDecision(deps, principal, open.decisionId, edit).catch((error: unknown) => {
      if (!(error instanceof DomainError) || (error.code !== 'decision_not_open' && error.code !== 'decision_archived')) throw error;
    });
  }
  const { escalation, created } = await upsertEscalation(
    deps.pool,
    principal.workspaceId,
    { memberId: principal.memberId, owner },
    body,
    noLinks,
  );
  if (created) {
    await carry(deps, principal, { kind: 'escalation', id: escalation.id }, { ...content, ...linkFields(body) });
  } else if (escalation.decisionId && escalation.decisionId !== open?.decisionId) {
    // A twin raise filed the one this merged into after the lookup above: bring its decision along.
    const { mode: _mode, ...edit } = content;
    await editDecision(deps, principal, escalation.decisionId, edit).catch(() => undefined);
  }
  return { escalation: (await getEscalation(deps.pool, principal.workspaceId, escalation.id))!, created };
}

/** Answers the record's derived ask through its decision's workflow; a refusal reads as the queue's would. */
async function settleThrough(
  deps: Deps,
  principal: Principal,
  decisionId: string | null,
  body: AnswerBody,
  channel: Channel | undefined,
): Promise<void> {
  if (!decisionId) {
    throw new DomainError('temporal_unavailable', 'This record is not in the queue yet; Cast is still filing it. Try again in a moment.');
  }
  const command: AnswerCommand = {
    ask: 1,
    value: body.answer,
    reason: body.reason ?? null,
    answeredBy: principal.memberId,
    ...(channel ? { channel } : {}),
  };
  if (await deps.temporal.settleDecision(decisionId, command)) return;
  // The workflow has ended: the row is final, and says why nothing changed.
  const current = await getDecision(deps.pool, principal, decisionId);
  throw DomainError.from(
    (current && checkAnswer(current, command)) ?? { code: 'decision_not_open', message: `Decision ${decisionId} is closed.` },
  );
}

export async function decideApproval(
  deps: Deps,
  principal: Principal,
  id: string,
  verdict: 'approve' | 'reject',
  reason: string | undefined,
  channel: Channel | undefined,
) {
  const approval = await getApproval(deps.pool, principal.workspaceId, id);
  if (!approval) throw notFound('approval');
  await settleThrough(
    deps,
    principal,
    approval.decisionId,
    {
      answer: { kind: 'approval', decision: verdict },
      ...(reason ? { reason } : {}),
    },
    channel,
  );
  return (await getApproval(deps.pool, principal.workspaceId, id))!;
}

export async function resolveEscalation(
  deps: Deps,
  principal: Principal,
  id: string,
  body: ResolveEscalationBody,
  channel: Channel | undefined,
) {
  const escalation = await getEscalation(deps.pool, principal.workspaceId, id);
  if (!escalation) throw notFound('escalation');
  const answer: AnswerBody =
    'resolution' in body
      ? { answer: { kind: 'fact', text: body.resolution } }
      : { answer: { kind: 'decision', selected: [body.option] }, ...(body.reason ? { reason: body.reason } : {}) };
  await settleThrough(deps, principal, escalation.decisionId, answer, channel);
  return (await getEscalation(deps.pool, principal.workspaceId, id))!;
}

const InboxMessageId = /^(?<kind>approval|escalation):(?<id>[A-Za-z0-9_]{1,100})$/;

/** An Inbox reply, read as an answer to its approval or escalation, through the same doors; its channel is `inbox`. */
export async function replyToInbox(deps: Deps, principal: Principal, messageId: string, text: string) {
  const { kind, id } = InboxMessageId.exec(messageId)?.groups ?? {};
  if (!kind || !id) throw new DomainError('not_found', 'There is no such Inbox message.');
  if (kind === 'approval') {
    const reply = approvalReply(text);
    if ('code' in reply) throw DomainError.from(reply);
    return { approval: await decideApproval(deps, principal, id, reply.verdict, reply.reason ?? undefined, 'inbox') };
  }
  const escalation = await getEscalation(deps.pool, principal.workspaceId, id);
  if (!escalation) throw notFound('escalation');
  const reply = escalationReply(text, escalation.options);
  if ('code' in reply) throw DomainError.from(reply);
  const body = 'resolution' in reply ? reply : { option: reply.option, ...(reply.reason ? { reason: reply.reason } : {}) };
  return { escalation: await resolveEscalation(deps, principal, id, body, 'inbox') };
}
