/**
 * A press of one of Cast's buttons in Slack (issue 40 item 4), after its signature held. The
 * Slack user is a member only through a confirmed link (slack-links.ts); the answer goes through
 * `answerAsk`, the path every door takes, recorded from Slack, at the revision the message showed —
 * so the first answer wins across channels, and a press on a message the decision has outgrown
 * answers nothing. Whatever happened is one sentence for the presser, which the route posts back
 * to them (only they see it).
 */
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { memberForSlackUser } from '../../db/slack';
import { getMember } from '../../db/tenancy';
import type { AnswerValue } from '../../domain/ask-schema';
import { describeAnswer } from '../../domain/ask';
import { machineAnswerer } from '../../domain/automatic-answer';
import { channelPhrase } from '../../domain/channel-words';
import type { AskState } from '../../domain/decision';
import { DomainError } from '../../domain/errors';
import { holds } from '../../domain/permissions';
import { person } from '../../domain/principal';
import type { SlackAnswerValue } from '../../slack/action-value';
import type { TemporalGateway } from '../temporal-gateway';
import { answerAsk } from './answer-ask';

export type SlackPress = {
  value: SlackAnswerValue;
  teamId: string;
  slackUserId: string;
  /** Slack's id of this press: a repeat of it is the same Workflow Update. */
  actionTs: string;
};

const NOTHING = 'Nothing was answered.';

export async function answerFromSlack(deps: { pool: Pool; temporal: TemporalGateway }, press: SlackPress): Promise<string> {
  const { value } = press;
  const memberId = await memberForSlackUser(deps.pool, value.w, press.teamId, press.slackUserId);
  if (!memberId) {
    return `Cast does not know this Slack account yet, so ${NOTHING.toLowerCase()} Link it on Cast's notifications page (your Slack member ID, then the "Link" button Cast sends you here), then press again.`;
  }
  const member = await getMember(deps.pool, value.w, memberId);
  if (!member || member.removedAt) return `You are no longer a member of this Cast workspace. ${NOTHING}`;
  if (!holds(member.role, 'decision.answer')) return `Your role in Cast (${member.role}) does not allow answering decisions. ${NOTHING}`;
  const decision = await getDecision(deps.pool, { workspaceId: value.w }, value.d);
  const ask = decision?.asks[value.a - 1];
  if (!decision || !ask) return `This decision is no longer in Cast. ${NOTHING}`;
  const answer: AnswerValue = 'o' in value ? { kind: 'decision', selected: [value.o] } : { kind: 'approval', decision: value.x };
  try {
    await answerAsk(
      deps,
      person(value.w, memberId, member.role),
      {
        id: value.d,
        ask: value.a,
        channel: 'slack',
        atRevision: value.r,
        idempotencyKey: `slack-${press.teamId}-${press.slackUserId}-${press.actionTs}`,
      },
      { answer },
    );
    return `You answered “${describeAnswer(ask, answer)}” on ${decision.id}. Cast recorded it as from Slack.`;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refusal(deps.pool, value, memberId, error);
  }
}

async function refusal(pool: Pool, value: SlackAnswerValue, memberId: string, error: DomainError): Promise<string> {
  switch (error.code) {
    case 'ask_already_answered':
      return answeredAlready(pool, value, memberId, error);
    case 'link_decision_changed':
      return `This decision changed since this message was sent, so ${NOTHING.toLowerCase()} The message shows it as it is now; look again.`;
    case 'reason_required':
      return `This answer needs a reason, which a button cannot give. ${NOTHING} Answer it in Cast.`;
    default:
      return `${error.message} ${NOTHING}`;
  }
}

/** "Dana already answered this from an email: Basic." — first writer wins; the presser is told who and where. */
async function answeredAlready(pool: Pool, value: SlackAnswerValue, memberId: string, error: DomainError): Promise<string> {
  const decision = await getDecision(pool, { workspaceId: value.w }, value.d);
  const ask = decision?.asks[value.a - 1];
  const given = (error.details?.answer as AskState['answer'] | undefined) ?? ask?.answer ?? null;
  if (!given || !ask) return `Someone already answered this. ${NOTHING}`;
  const what = describeAnswer(ask, given.value);
  const where = channelPhrase(given.provenance?.channel);
  const who =
    machineAnswerer(given) ??
    (given.answeredBy === memberId ? 'You' : ((await getMember(pool, value.w, given.answeredBy))?.name ?? 'A teammate'));
  return `${who} already answered this${where ? ` ${where}` : ''}: ${what}. The first answer stands; your press answered nothing.`;
}
