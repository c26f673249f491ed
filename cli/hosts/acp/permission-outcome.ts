/**
 * The agent's answer from the card's (issue 43 item 2): the person's approve, approve-and-always
 * or deny, as one of the options the agent offered in `session/request_permission`. Anything that
 * is not a clear approval the agent offered a way to say — a withdrawn or archived card, Cast
 * unreachable, an answer of another kind — is a no (a reject option, else `cancelled`), never a yes.
 */
import type { PermissionOption, RequestPermissionOutcome } from '@agentclientprotocol/sdk';
import type { DecisionView } from '../../../domain/decision';

/** What came of asking Cast: the card as it left open, or no answer at all. */
export type CastAnswer = { kind: 'answered'; decision: DecisionView } | { kind: 'unanswered'; why: string };

export type AgentAnswer = { outcome: RequestPermissionOutcome; said: string };

const offered = (options: readonly PermissionOption[], ...kinds: PermissionOption['kind'][]) =>
  kinds.map((kind) => options.find((option) => option.kind === kind)).find((option) => option !== undefined);

/** A no the agent understands: its own reject option, or `cancelled` when it offered none. */
export function refusal(options: readonly PermissionOption[], said: string): AgentAnswer {
  const reject = offered(options, 'reject_once', 'reject_always');
  return { outcome: reject ? { outcome: 'selected', optionId: reject.optionId } : { outcome: 'cancelled' }, said };
}

export function agentAnswer(answer: CastAnswer, options: readonly PermissionOption[]): AgentAnswer {
  if (answer.kind === 'unanswered') return refusal(options, answer.why);
  const { decision } = answer;
  const given = decision.asks[0]?.answer;
  if (decision.status !== 'resolved' || given?.value.kind !== 'approval')
    return refusal(options, `${decision.id} was ${decision.status} in Cast without a y / n`);
  const reason = given.reason ? `: ${given.reason}` : '';
  if (given.value.decision !== 'approve') return refusal(options, `denied in Cast (${decision.id})${reason}`);
  // "Always" only where the person said it; a plain approve never becomes a standing allow.
  const allow = given.value.always ? offered(options, 'allow_always', 'allow_once') : offered(options, 'allow_once');
  if (!allow) return refusal(options, `approved in Cast (${decision.id}), but the agent offers no way to allow only once`);
  return { outcome: { outcome: 'selected', optionId: allow.optionId }, said: `approved in Cast (${decision.id})${reason}` };
}
