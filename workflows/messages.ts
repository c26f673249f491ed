/**
 * The decision workflow's messages, with stable wire names. Shared by the workflow and its
 * callers (the API), so both sides agree on names and types.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { DecisionContent, DecisionEdit, DecisionSnapshot, FilingTarget } from '../domain/decision';
import type { AnswerCommand } from '../domain/decision-state';
import { scopedWorkflowId, type Deployment } from '../domain/deployment';
import type { Channel } from '../domain/provenance';

/**
 * Every command says when its caller stops waiting, and who sends it: the member, and the
 * label of the agent token when an agent sent it (histories before tokens had none), and the
 * channel it came through (commands before issue 38 had none).
 */
export type Expiring = { expiresAt?: string; by?: string; via?: string; channel?: Channel };

/**
 * Sent with update-with-start. On a new decision it returns once the row is in Postgres; on
 * an open one (the same question again from the same session) it rewrites it in place.
 */
export const fileDecisionUpdate = defineUpdate<DecisionSnapshot, [DecisionContent & Expiring & { target?: FilingTarget }]>('fileDecision');
/** The agent edits its open decision; refused with the answers once it is answered. */
export const editDecisionUpdate = defineUpdate<DecisionSnapshot, [DecisionEdit & Expiring]>('editDecision');
/** The agent withdraws its open decision. */
export const withdrawDecisionUpdate = defineUpdate<DecisionSnapshot, [Expiring]>('withdrawDecision');
/** A person archives an open decision, or restores an archived one. */
export const archiveDecisionUpdate = defineUpdate<DecisionSnapshot, [Expiring]>('archiveDecision');
export const restoreDecisionUpdate = defineUpdate<DecisionSnapshot, [Expiring]>('restoreDecision');
/** "Run now": retries the delivery of a resolved decision whose restart failed (E5). */
export const runNowUpdate = defineUpdate<DecisionSnapshot, [Expiring]>('runNow');
/** Records one answer; rejected before it reaches history unless it is the first and fits. */
export const answerAskUpdate = defineUpdate<DecisionSnapshot, [AnswerCommand]>('answerAsk');
/**
 * The record's own door (FR-29): an approval or escalation endpoint answers the derived ask;
 * other open asks are superseded and the decision resolves.
 */
export const settleDecisionUpdate = defineUpdate<DecisionSnapshot, [AnswerCommand]>('settleDecision');
/** A person takes back one answer within the undo window (FR-37…FR-42). */
export const undoAnswerUpdate = defineUpdate<DecisionSnapshot, [{ ask: number } & Expiring]>('undoAnswer');
/**
 * Cast archives an open decision whose work is gone (FR-49). A signal, so the sweep workflow
 * can send it; an already closed decision ignores it.
 */
export const autoArchiveSignal = defineSignal<[]>('autoArchive');
export const decisionQuery = defineQuery<DecisionSnapshot>('decision');

export const DECISION_WORKFLOW = 'decisionWorkflow';

/**
 * The API stamps it on every new decision's start input (`DecisionStart.workflowVersion`), and
 * workflow code branches on it for a change in the commands a path issues. Unlike `patched()`,
 * which records a marker and upserts the TemporalChangeVersion search attribute in every new
 * history (a visibility write, which the server pays for on every answer), it costs nothing at
 * run time. A decision filed before the stamp has none, and there the older
 * `patched()` gates still decide, as its history recorded them.
 *   1: the answer that resolves a decision delivers in its mirroring local activity.
 *   2: a host prompt whose host said when it stops waiting (`source.waitsUntil`) starts a timer,
 *      and is withdrawn at it if still open (issue 31 item 5).
 *   3: every answer records its provenance — who, through which channel, and a digest of what it
 *      approved — on the answer and in its `answered` activity entry (issue 38 item 10). No new
 *      command; older decisions keep answering without it, as their histories recorded.
 *   4: the decision announces nothing itself: its mirror writes each change's events to the outbox
 *      in the same transaction, and the notifier sends them (issue 40 item 1). No `webhookEndpointsFor`
 *      or `sendWebhook` activity any more; older decisions keep them, as their histories recorded.
 *   5: reminders and expiry warnings are durable timers of the decision (issue 40 items 7, 8): an
 *      unanswered blocking decision reminds its people, then the workspace's backup member, at the
 *      times its start carries (`DecisionStart.reminders`); a stack member warns before its
 *      auto-default answers, a host prompt before its host stops waiting. The `announceReach`
 *      local activity writes each to the outbox. Older decisions start none of these timers.
 *   6: an approval ask may need several people (issue 41 items 3, 4): the start carries the
 *      workspace's `approvalPolicy`, from which each approval ask takes its `quorum` (how many must
 *      approve, who may not); an approval short of it is recorded and leaves the decision open, a
 *      rejection vetoes at once, and undo takes back one approver's approval. No new command on
 *      the paths older decisions take (they carry no policy); the stamp keeps a worker that knows
 *      only version 5 — which would resolve on the first approval — from taking such a decision.
 *   7: the machine answers through one path (issue 42 item 1): the start may carry the rules'
 *      answers (`DecisionStart.automaticAnswers`), which the decision records at once after it opens,
 *      each with its rule's provenance; the stack's auto-default takes the same path, with the same
 *      commands as before. No new command on the paths older decisions take (their starts carry no
 *      rule answers); the stamp keeps a worker that knows only version 6 — which would ignore them
 *      and leave the decision for a person — from taking such a decision.
 */
export const DECISION_WORKFLOW_VERSION = 7;

/** `decision/<deployment>/sd-N`, or `decision/sd-N` for one filed before ids carried the deployment. */
export function decisionWorkflowId(id: string, deployment: Deployment | undefined): string {
  return scopedWorkflowId('decision', id, deployment);
}
