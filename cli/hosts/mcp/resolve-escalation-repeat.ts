/**
 * `resolve_escalation` is idempotent: the same call again, after it succeeded (an agent's
 * retry after a lost reply), returns the first result. A different resolution of an
 * escalation already resolved is refused, saying who resolved it, when, and how.
 */
import type { Escalation, ResolveEscalationBody } from '../../../domain/escalation';
import type { RecordedAnswer } from '../../../domain/decision-view-schema';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { escalationRoutes } from '../../../domain/routes/escalations';
import { endSentence } from '../../../domain/sentence';
import { CliError, Exit } from '../../output';
import type { ToolDeps } from './tool-result';

/** The answer its queue decision recorded, and the name of whoever gave it. */
type FirstAnswer = { recorded: RecordedAnswer | null; by: string | null };

async function firstAnswer(deps: ToolDeps, escalation: Escalation, signal: AbortSignal): Promise<FirstAnswer> {
  if (!escalation.decisionId) return { recorded: null, by: null };
  const { decision, detail } = await deps.api.request(decisionRoutes.getDecision, { params: { id: escalation.decisionId } }, signal);
  const recorded = decision.asks[0]?.answer ?? null;
  const by = escalation.resolvedBy ?? recorded?.answeredBy ?? null;
  return { recorded, by: by === null ? null : (detail.members[by] ?? by) };
}

/** Whether this call asks for exactly what was recorded: the same words, or the same option with the same reason. */
function isSame(body: ResolveEscalationBody, escalation: Escalation, recorded: RecordedAnswer | null): boolean {
  if ('resolution' in body) {
    return recorded?.value.kind === 'fact' ? recorded.value.text === body.resolution : escalation.resolution === body.resolution;
  }
  if (recorded?.value.kind !== 'decision') return false;
  const { selected } = recorded.value;
  return selected.length === 1 && selected[0] === body.option && (recorded.reason ?? undefined) === body.reason;
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The escalation as it stands when this call repeats the first resolution; otherwise the refusal (exit 3's conflict). */
export async function repeatOrRefuse(deps: ToolDeps, id: string, body: ResolveEscalationBody, signal: AbortSignal): Promise<Escalation> {
  const { escalation } = await deps.api.request(escalationRoutes.getEscalation, { params: { id } }, signal);
  const { recorded, by } = await firstAnswer(deps, escalation, signal);
  if (isSame(body, escalation, recorded)) return escalation;
  const who = by ? ` by ${by}` : '';
  const when = escalation.resolvedAt ? ` on ${utc(escalation.resolvedAt)}` : '';
  const how = escalation.resolution ? `: ${endSentence(escalation.resolution)}` : '.';
  throw new CliError(
    `${id} was already resolved${who}${when}${how} The first resolution stands; nothing changed.`,
    Exit.conflict,
    {},
    'already_resolved',
  );
}
