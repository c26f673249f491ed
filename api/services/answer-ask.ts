/**
 * Write side of answering: the workflow's update validator is the authority (first writer
 * wins, and another workspace's decision is not found). The read model supplies the grant
 * check of an access ask (read before the update, which carries the check), the member's first
 * view (one column, read alongside the update), and, only once the workflow has finished, the
 * row that explains why the answer cannot land.
 */
import type { AskState, DecisionView } from '../../domain/decision';
import type { AnswerBody } from '../../domain/decision-schema';
import { checkAnswer, toDecisionView, type AnswerCommand } from '../../domain/decision-state';
import { DomainError, notFound } from '../../domain/errors';
import { isEvaluablePattern } from '../../domain/tool-grant';
import { toolAccess } from './rules/tool-access';
import { recordActingFor, refuseUnlessMayAnswer } from '../../db/assignments';
import { firstViewedAt, getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../domain/principal';
import type { Channel } from '../../domain/provenance';
import type { TemporalGateway } from '../temporal-gateway';
import { keepAlways } from './keep-always';

export async function answerAsk(
  deps: { pool: Pool; temporal: TemporalGateway },
  principal: Principal,
  /** `atRevision`: an answer-in-place link's revision, checked by the workflow's validator (issue 40 item 5). */
  target: { id: string; ask: number; idempotencyKey?: string; channel?: Channel; atRevision?: number },
  body: AnswerBody,
): Promise<DecisionView> {
  const command: AnswerCommand = {
    ask: target.ask,
    value: body.answer,
    reason: body.reason ?? null,
    answeredBy: principal.memberId,
    workspaceId: principal.workspaceId,
    ...(target.channel ? { channel: target.channel } : {}),
    ...(target.atRevision !== undefined ? { atRevision: target.atRevision } : {}),
  };
  // Item 2 of issue 41: where only assignees answer, anyone else is refused before the update.
  const actingFor = await refuseUnlessMayAnswer(deps.pool, principal, target.id, target.ask);
  if (body.answer.kind === 'access') {
    const read = await getDecision(deps.pool, principal, target.id);
    const ask = read?.asks[target.ask - 1];
    if (read && ask?.kind === 'access') command.access = await checkAccess(deps.pool, principal.workspaceId, read, ask);
  }
  // Beside the update, only the one column the snapshot lacks (issue 39 item 14).
  const [snapshot, viewedAt] = await Promise.all([
    deps.temporal.answerAsk(target.id, command, target.idempotencyKey),
    firstViewedAt(deps.pool, principal.workspaceId, target.id),
  ]);
  if (snapshot) {
    // Item 5: the record says who acted for whom.
    if (actingFor) await recordActingFor(deps.pool, principal, target, actingFor);
    const view = toDecisionView(snapshot, viewedAt ?? null);
    // Issue 42 item 4: "always" leaves a rule in Cast, so the same ask answers itself everywhere.
    if (body.answer.kind === 'approval' && body.answer.always && principal.kind === 'person') {
      await keepAlways(deps.pool, principal, view, target.ask);
    }
    return view;
  }
  const current = await getDecision(deps.pool, principal, target.id);
  if (!current) throw notFound('decision');

  // The workflow has completed, so the row is final: the same rules say why the answer cannot land.
  throw DomainError.from(
    checkAnswer(current, command) ?? { code: 'decision_not_open', message: `Decision ${current.id} is ${current.status}.` },
  );
}

/**
 * E8/E9: an access ask naming a tool Cast can evaluate is re-checked against the rules (the
 * linked agent's tool grants among them: tool-access.ts); anything else closes on the member's
 * word, recorded as self-reported.
 */
async function checkAccess(
  pool: Pool,
  workspaceId: string,
  decision: DecisionView,
  ask: AskState & { kind: 'access' },
): Promise<AnswerCommand['access']> {
  const agentId = decision.links.agentId;
  if (!ask.tool || !agentId || !isEvaluablePattern(ask.tool)) return 'self_reported';
  return toolAccess(pool, workspaceId, agentId, ask.tool);
}
