/**
 * Delivers a resolved decision to its agent (FR-30…FR-35, DESIGN §3 "Delivery"), in one
 * transaction so a retry after a crash repeats nothing:
 *   - the composed answer lands in the asking session's message log (deduped per decision),
 *     which is how a live run receives it ("injected") and how `cast decide wait` sees it;
 *   - a parked run is restarted as a new run in the same session, seeded with that message,
 *     through admission (ready, or queued when no slot is free) — only by the decisions linked
 *     to it, once none of them is open (issue 38 item 4);
 *   - the linked task loses this decision as a blocker, and returns to its earlier status
 *     when it was the last one (FR-33, E16).
 */
import { log } from '@temporalio/activity';
import type { DecisionSnapshot, DeliveryOutcome } from '../domain/decision';
import { composeAnswerMessage } from '../domain/answer-message';
import { SYSTEM_ACTOR } from '../domain/activity';
import { recordActivity } from '../db/activity';
import { releaseTaskHold } from './hold-task';
import { withTransaction, type Pool, type Queryable } from '../db/pool';
import { recordDelivery, type DecisionEvent } from '../domain/decision-state';
import { mirrorDecision, mirrorReadingSubscribers, type MirrorOptions } from './mirror-decision';
import { DELIVERY_EVENT_TYPES, type WebhookSubscribers } from '../domain/webhook';
import { admitRestart, latestRun, lockRun, openDecisionsOfRun, updateRunStatus } from '../db/runs';
import { appendMessage } from '../db/session-messages';
import { getSession } from '../db/sessions';
import { pickupOf } from '../domain/pickup';
import { answerDelivery, countDecisionEvents } from '../runtime/metrics';
import type { Logger } from '../runtime/logger';
import { reportRestartFailures, type RestartFailureReason } from './report-restart-failure';

export const RESTART_UNAVAILABLE =
  "The session's host has stopped, so no one would pick up a restarted run. Start the host again, then use Run now.";

/** The delivery's outcome, and who subscribes to what it may announce (read in the same visit). */
export type Delivered = { outcome: DeliveryOutcome; subscribers: WebhookSubscribers };

/**
 * Delivers, and mirrors the decision as delivered in the same transaction, with `events`
 * (the answer's own, when the answer that resolves it delivers it): the workflow records the
 * same outcome with `recordDelivery` (a pure function of the snapshot and the outcome), so the
 * row and the workflow agree without a second write. The mirror's statement also reads the
 * webhook subscribers, so announcing the delivery costs the workflow no further round trip.
 */
export async function deliverDecision(
  pool: Pool,
  decision: DecisionSnapshot,
  events: DecisionEvent[] = [],
  logger?: Logger,
  options: MirrorOptions = {},
): Promise<Delivered> {
  const work = (db: Queryable) => deliverAndMirror(db, decision, events, options);
  const { sessionId, taskId } = decision.links;
  // Linked to no session and no task, the decision has nowhere to deliver to but its own row: one statement.
  const { delivered, applied, written } = await (sessionId || taskId ? withTransaction(pool, work) : work(pool));
  // Counted and reported once committed, and only by the write that applied: a retry finds the revision already stored.
  if (applied) {
    measureDelivery(decision, events);
    reportRestartFailures(logger, decision, written);
  }
  return delivered;
}

function measureDelivery(decision: DecisionSnapshot, events: DecisionEvent[]): void {
  countDecisionEvents(events);
  if (decision.links.sessionId && decision.resolvedAt) {
    answerDelivery.observe(Math.max(0, Date.now() - Date.parse(decision.resolvedAt)) / 1000);
  }
}

/**
 * The answer that resolves a decision delivers it in the same local activity that mirrors
 * it. A delivery that fails there takes nothing with it: the resolution is mirrored alone and
 * `null` tells the workflow to deliver through its own activity, which retries and records a
 * failure that lasts (FR-34: the answer stands either way).
 */
export async function deliverWithAnswer(
  pool: Pool,
  decision: DecisionSnapshot,
  events: DecisionEvent[],
  logger?: Logger,
  options: MirrorOptions = {},
): Promise<Delivered | null> {
  try {
    return await deliverDecision(pool, decision, events, logger, options);
  } catch (error) {
    log.warn('Delivery with the answer failed; the workflow delivers it again', { decisionId: decision.id, error: String(error) });
    if ((await mirrorDecision(pool, decision, events, options)) === 'applied') countDecisionEvents(events);
    return null;
  }
}

async function deliverAndMirror(
  db: Queryable,
  decision: DecisionSnapshot,
  events: DecisionEvent[],
  options: MirrorOptions,
): Promise<{ delivered: Delivered; applied: boolean; written: DecisionEvent[] }> {
  const { from, reason, ...restart } = await deliverToSession(db, decision);
  const otherBlockers = await releaseTaskHold(db, decision);
  const outcome: DeliveryOutcome = { failure: null, ...restart, otherBlockers, at: new Date().toISOString() };
  const delivered: DecisionEvent = {
    kind: 'delivered',
    actor: { kind: 'system', id: null },
    // A failure names the run that was not restarted, and why, for its error report (§10).
    detail: { outcome: outcome.kind, runId: outcome.runId, otherBlockers, ...(from ? { from, reason } : {}) },
  };
  const written = [...events, delivered];
  const mirrored = await mirrorReadingSubscribers(db, recordDelivery(decision, outcome), written, DELIVERY_EVENT_TYPES, options);
  return { delivered: { outcome, subscribers: mirrored.subscribers }, applied: mirrored.outcome === 'applied', written };
}

async function deliverToSession(
  client: Queryable,
  decision: DecisionSnapshot,
): Promise<Pick<DeliveryOutcome, 'kind' | 'runId'> & { failure?: string; from?: string; reason?: RestartFailureReason }> {
  const { workspaceId, links } = decision;
  if (!links.sessionId) return { kind: 'nothing', runId: null };
  const message = await appendMessage(client, {
    workspaceId,
    sessionId: links.sessionId,
    role: 'user',
    kind: 'decision_answer',
    body: composeAnswerMessage(decision),
    decisionId: decision.id,
    // One message per resolution: an answer given again after Undo is a new message.
    dedupeKey: `decision:${decision.id}:answer:${decision.resolvedAt ?? ''}`,
  });

  const access = { workspaceId };
  // The decision's own run, locked so two answers to decisions it waits on settle one after
  // the other: the second sees the first resolved and restarts it (issue 38 item 4).
  const run = links.runId ? await lockRun(client, access, links.runId) : await latestRun(client, workspaceId, links.sessionId);
  // Only a parked run asks whether its host is still there to run the restart.
  const session = run?.status === 'parked' ? await getSession(client, access, links.sessionId) : null;
  const othersOpen = run?.status === 'parked' && links.runId ? await openDecisionsOfRun(client, { ...run, workspaceId }, decision.id) : 0;
  const pickup = pickupOf({
    sessionLinked: true,
    runLinked: links.runId !== null,
    run: run?.status ?? null,
    liveness: session?.liveness ?? null,
    othersOpen,
  });
  if (pickup === 'inject') return { kind: 'injected', runId: run!.id };
  if (pickup === 'none' || !run) return { kind: 'nothing', runId: null };
  // The run stays parked on the decisions still open; the last of them to be answered restarts it.
  if (pickup === 'waits') return { kind: 'waiting', runId: run.id };
  if (pickup === 'stopped') {
    // E5: no host runs this session, so a restarted run would wait for no one. The answer
    // stays delivered to the session; "Run now" restarts once the host is back.
    return { kind: 'failed', runId: null, failure: RESTART_UNAVAILABLE, from: run.id, reason: 'session_stopped' };
  }

  const restarted = await admitRestart(client, {
    workspaceId,
    sessionId: links.sessionId,
    seedMessageSeq: message.seq,
    restartedFrom: run.id,
    decisionId: decision.id,
  });
  // The parked run ends here; its conversation continues in the restarted one (FR-32).
  await updateRunStatus(client, access, run.id, { status: 'completed' }, SYSTEM_ACTOR);
  await recordActivity(client, {
    workspaceId,
    subjectKind: 'decision',
    subjectId: decision.id,
    kind: 'restarted',
    actorKind: 'system',
    detail: { runId: restarted.id, from: run.id, status: restarted.status },
  });
  return { kind: restarted.status === 'queued' ? 'queued' : 'restarted', runId: restarted.id };
}
