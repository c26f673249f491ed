/**
 * What the detail pane shows beside a decision (FR-10, FR-11, FR-60): the names behind its
 * links, whether its run and task are holding work, who answered, and the lines §6.18 says.
 */
import { closedOnRejection, deliveryLine, pendingLine } from '../domain/answer-message';
import type { DecisionView } from '../domain/decision';
import type { DecisionDetail } from '../domain/decision-detail-schema';
import type { RunStatus } from '../domain/run';
import { livenessOf } from '../domain/session';
import { isBlocking } from '../domain/blocking';
import { hostStoppedWaiting, pickupOf } from '../domain/pickup';
import { LATEST_RUN_FIRST } from './runs';
import { restartedBy, undoState } from '../domain/undo';
import { describeAnswer } from '../domain/ask';
import { clusterRule } from '../domain/rules/cluster-rule';
import { permissionPattern } from '../domain/permission-pattern';
import { draftRule, RECURRING_DAYS, RECURRING_MIN } from '../domain/recurring';
import type { Pool } from './pool';
import type { Principal } from '../domain/principal';
import { readAssignment } from './assignments';
import { waitingOnPerson } from './waiting-on-person';

export type { DecisionDetail };

/** A decision not mirrored yet is nobody's: everyone's, as it was filed without `--to`. */
const UNASSIGNED = { assignee: null, delegatedTo: null, claimedBy: null, forMe: true, mayAnswer: true, asks: {} };

export async function decisionDetail(pool: Pool, principal: Principal, decision: DecisionView): Promise<DecisionDetail> {
  const { workspaceId } = principal;
  const { links } = decision;
  const assignment = readAssignment(pool, principal, decision.id);
  const memberIds = [
    decision.filedBy,
    ...(decision.archived?.by ? [decision.archived.by] : []),
    ...decision.asks.flatMap((ask) => [
      ...(ask.answer ? [ask.answer.answeredBy] : []),
      ...(ask.withdrawnAnswers ?? []).flatMap((withdrawn) => [withdrawn.answeredBy, withdrawn.withdrawnBy]),
      // Issue 41: who approved so far, and who may not approve, by name.
      ...(ask.kind === 'approval' && ask.quorum
        ? [...ask.quorum.approvals.map((approval) => approval.by), ...(ask.quorum.barred ? [ask.quorum.barred] : [])]
        : []),
    ]),
  ];
  const { rows } = await pool.query(
    `select
       (select json_build_object('id', id, 'name', name) from agents where workspace_id = $1 and id = $2) as agent,
       (select json_build_object('id', t.id, 'title', t.title, 'status', t.status, 'holds',
                 (select json_build_object('self', coalesce(bool_or(b.kind = 'decision' and b.ref = $10), false),
                                           'decisions', count(*) filter (where b.kind = 'decision' and b.ref <> $10),
                                           'other', count(*) filter (where b.kind <> 'decision'))
                    from task_blockers b where b.task_id = t.id and b.resolved_at is null))
          from tasks t where t.workspace_id = $1 and t.id = $3 and t.deleted_at is null) as task,
       (select json_build_object('id', id, 'name', name) from missions where workspace_id = $1 and id = $4) as mission,
       (select json_build_object('id', id, 'messageCount', message_count, 'scope', scope,
                                 'stoppedAt', stopped_at, 'lastHeartbeatAt', last_heartbeat_at, 'now', now(),
                                 'waitingOnPerson', ${waitingOnPerson('sessions')})
          from sessions where workspace_id = $1 and id = $5) as session,
       (select json_build_object('id', id, 'status', status) from runs where workspace_id = $1 and id = $6) as run,
       (select coalesce(json_object_agg(id, name), '{}') from members where workspace_id = $1 and id = any($7)) as members,
       (select status from runs where workspace_id = $1 and id = $8) as restarted_status,
       (select risks from approvals where workspace_id = $1 and id = $9) as risk_flags,
       (select status from runs where workspace_id = $1 and session_id = $5
         ${LATEST_RUN_FIRST} limit 1) as latest_run_status,
       (select count(*)::int from decisions where workspace_id = $1 and session_id = $5 and status = 'open'
         and run_id = $6 and id <> $10) as others_open,
       now() as now`,
    [
      workspaceId,
      links.agentId,
      links.taskId,
      links.missionId,
      links.sessionId,
      links.runId,
      memberIds,
      restartedBy(decision),
      decision.source?.kind === 'approval' ? decision.source.id : null,
      decision.id,
    ],
  );
  const row = rows[0];
  const session = row.session
    ? {
        id: row.session.id,
        // A session blocked on its host prompt waits on a person (issue 31 item 7), as its session page says.
        liveness: livenessOf(
          { stoppedAt: row.session.stoppedAt, lastHeartbeatAt: row.session.lastHeartbeatAt, waitingOnPerson: row.session.waitingOnPerson },
          new Date(row.session.now),
        ),
        messageCount: row.session.messageCount,
        scope: row.session.scope,
      }
    : null;
  const agentName: string | null = row.agent?.name ?? null;
  const restartedStatus: RunStatus | null = row.restarted_status ?? null;
  // The run delivery would act on: the decision's own, or its session's latest (FR-31), which
  // only a live run takes an answer from (issue 38 item 4).
  const pickupRun: RunStatus | null = links.runId ? (row.run?.status ?? null) : (row.latest_run_status ?? null);
  const open = decision.status === 'open';
  // A host prompt its host stopped waiting for promises no pickup (issue 31 item 5).
  const waitedOut = hostStoppedWaiting(decision.source, new Date(row.now));
  const binding = {
    sessionLinked: links.sessionId !== null,
    runLinked: links.runId !== null,
    run: pickupRun,
    liveness: session?.liveness ?? null,
    othersOpen: row.others_open ?? 0,
  };
  const pickup = open && !waitedOut ? pickupOf(binding) : null;
  const task: DecisionDetail['task'] = row.task;
  const undo: DecisionDetail['undo'] = {};
  for (const ask of decision.asks) {
    const state = undoState(decision, ask, restartedStatus, new Date(row.now));
    if (state) undo[ask.position] = state;
  }
  return {
    assignment: (await assignment) ?? UNASSIGNED,
    recurring: row.agent ? await recurringOf(pool, workspaceId, decision, row.agent) : null,
    agent: row.agent,
    task,
    mission: row.mission,
    session,
    run: row.run,
    pickup,
    blocking: isBlocking(decision.mode),
    members: row.members,
    lines: {
      pending: pickup ? pendingLine(decision.progress, agentName, pickup, task) : null,
      delivery: decision.delivery ? deliveryLine(decision.delivery, agentName, task, closedOnRejection(decision)) : null,
    },
    undo,
    riskFlags: row.risk_flags ?? null,
  };
}

/** The decision's cluster (FR-56): its size in the trailing 14 days and the most recent answer in it. */
async function recurringOf(
  pool: Pool,
  workspaceId: string,
  decision: DecisionView,
  agent: { id: string; name: string },
): Promise<DecisionDetail['recurring']> {
  const { rows } = await pool.query<{ count: number; fingerprint: string; latest: DecisionView['asks'][number] | null }>(
    `select count(*)::int as count, d.fingerprint,
            (select d2.snapshot -> 'asks' -> 0 from decisions d2
              where d2.workspace_id = $1 and d2.fingerprint = d.fingerprint
                and d2.created_at > now() - interval '${RECURRING_DAYS} days'
                and d2.snapshot -> 'asks' -> 0 -> 'answer' <> 'null'::jsonb
              order by d2.snapshot -> 'asks' -> 0 -> 'answer' ->> 'answeredAt' desc limit 1) as latest
       from decisions d
       join decisions c on c.workspace_id = d.workspace_id and c.fingerprint = d.fingerprint
        and c.created_at > now() - interval '${RECURRING_DAYS} days'
      where d.workspace_id = $1 and d.id = $2 and d.fingerprint is not null
        and d.created_at > now() - interval '${RECURRING_DAYS} days'
      group by d.fingerprint`,
    [workspaceId, decision.id],
  );
  const row = rows[0];
  if (!row || row.count < RECURRING_MIN) return null;
  const latest = row.latest;
  // Issue 42 item 4: "Make this a rule", prefilled from the latest answer.
  const ruleOf = (permission: { tool: string; pattern: string | null } | null) =>
    clusterRule({
      question: decision.question,
      count: row.count,
      agentId: agent.id,
      fingerprint: row.fingerprint,
      permission,
      latest: latest?.answer ? { kind: latest.kind, answer: latest.answer } : null,
    });
  // A host's permission prompts are answered by its allow list, not a rule in the agent's instructions.
  const source = decision.source;
  if (source?.kind === 'permission') {
    const tool = source.tool ?? 'tool';
    const permission = { tool, pattern: permissionPattern(tool, source.toolInput, decision.context) };
    return { count: row.count, agent, draftRule: null, permission, rule: ruleOf(permission) };
  }
  const draft = latest?.answer ? draftRule(latest.prompt, describeAnswer(latest, latest.answer.value), latest.answer.reason) : null;
  return { count: row.count, agent, draftRule: draft, permission: null, rule: ruleOf(null) };
}
