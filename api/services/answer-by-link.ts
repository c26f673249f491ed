/**
 * Issue 40 item 5: opening and pressing an answer-in-place link. Reading a link changes
 * nothing (link scanners and previews follow GETs); only the press answers, and it answers
 * through `answerAsk` — the service every door uses, whose Workflow Update lets the first
 * writer win — as the link's member, recorded with the link's channel (item 6).
 *
 * In order, a link is refused when: its signature is not Cast's (read as not found, saying
 * nothing of the decision); its member was removed or their role may no longer answer; it was
 * used; it expired; its ask was answered (by whom, and where); its decision closed; its
 * decision's revision moved since it was sent. The press claims the link in a transaction held
 * open while the update runs: committed with the answer, rolled back with a refusal.
 */
import { linkKey } from '../../answer-links/link-key';
import { verifyLink } from '../../answer-links/link-token';
import { answerLinkUsedAt, claimAnswerLink } from '../../db/answer-links';
import { getDecision } from '../../db/decision-queries';
import { withTransaction, type Pool } from '../../db/pool';
import { getMember } from '../../db/tenancy';
import { decisionPagePath, linkExpired, type AnswerLinkClaims } from '../../domain/answer-link';
import type { AnswerLinkView, AnsweredByLink } from '../../domain/answer-link-schema';
import { describeAnswer } from '../../domain/ask';
import { machineAnswerer } from '../../domain/automatic-answer';
import { channelPhrase } from '../../domain/channel-words';
import type { AskState, DecisionView } from '../../domain/decision';
import { checkAnswer, type AnswerCommand } from '../../domain/decision-state';
import { DomainError, type Rejection } from '../../domain/errors';
import type { Member } from '../../domain/people';
import { holds } from '../../domain/permissions';
import { person } from '../../domain/principal';
import type { TemporalGateway } from '../temporal-gateway';
import { answerAsk } from './answer-ask';

export type AnswerLinkDeps = { pool: Pool; temporal: TemporalGateway; answerLinkKey?: string | undefined };

/** One sentence for every token that is not a working link of Cast's, whatever is wrong with it. */
export function linkNotFound(): DomainError {
  return new DomainError('link_not_found', 'This link is not valid: it may be incomplete. Open Cast to answer.');
}

type CheckedLink = { claims: AnswerLinkClaims; member: Member };

/** The link's own checks, in the order the module names: its signature, its member, its use, its expiry. */
async function checkLink(deps: AnswerLinkDeps, token: string, now: Date): Promise<CheckedLink> {
  const claims = verifyLink(await linkKey({ pool: deps.pool, key: deps.answerLinkKey }), token);
  if (!claims) throw linkNotFound();
  const member = await getMember(deps.pool, claims.workspaceId, claims.memberId);
  if (!member) throw linkNotFound();
  const decisionPath = decisionPagePath(claims.decisionId);
  if (member.removedAt || !holds(member.role, 'decision.answer')) {
    throw new DomainError(
      'link_member_not_allowed',
      member.removedAt
        ? `${member.name} is no longer a member of this workspace, so this link answers nothing.`
        : `${member.name}'s role (${member.role}) no longer allows answering decisions, so this link answers nothing.`,
      { decision: claims.decisionId, decisionPath },
    );
  }
  const usedAt = await answerLinkUsedAt(deps.pool, claims.workspaceId, claims.linkId);
  if (usedAt) {
    throw new DomainError('link_used', `This link was already used, at ${usedAt.toISOString()}; each link answers once.`, {
      decision: claims.decisionId,
      decisionPath,
      usedAt: usedAt.toISOString(),
    });
  }
  if (linkExpired(claims, now)) {
    const at = new Date(claims.expiresAt).toISOString();
    throw new DomainError('link_expired', `This link expired at ${at}; nothing was answered. Open the decision to answer it.`, {
      decision: claims.decisionId,
      decisionPath,
      expiredAt: at,
    });
  }
  return { claims, member };
}

/**
 * The decision's checks, by the rules the workflow's validator applies (so they are said before
 * anything is sent): its ask answered first, the decision closed, its revision moved. `reason`
 * null is a read: the reason is asked for on the page, so its absence refuses nothing yet.
 */
async function checkDecision(
  deps: AnswerLinkDeps,
  claims: AnswerLinkClaims,
  reason: string | null,
): Promise<{ decision: DecisionView; ask: AskState }> {
  const decision = await getDecision(deps.pool, { workspaceId: claims.workspaceId }, claims.decisionId);
  const ask = decision?.asks[claims.ask - 1];
  if (!decision || !ask) throw linkNotFound();
  const rejection = checkAnswer(decision, commandOf(claims, reason));
  if (rejection && !(reason === null && rejection.code === 'reason_required')) throw await refusalOf(deps.pool, claims, rejection);
  return { decision, ask };
}

function commandOf(claims: AnswerLinkClaims, reason: string | null): AnswerCommand {
  return {
    ask: claims.ask,
    value: claims.answer,
    reason,
    answeredBy: claims.memberId,
    workspaceId: claims.workspaceId,
    channel: claims.channel,
    atRevision: claims.revision,
  };
}

/**
 * A rule's refusal as the link's reader needs it: an answer already given names who gave it and
 * where (first writer wins; everyone after is told); every refusal opens the decision.
 */
async function refusalOf(pool: Pool, claims: AnswerLinkClaims, rejection: Rejection): Promise<DomainError> {
  const decisionPath = decisionPagePath(claims.decisionId);
  if (rejection.code === 'ask_not_found') return linkNotFound();
  if (rejection.code !== 'ask_already_answered') {
    return new DomainError(rejection.code, rejection.message, { ...rejection.details, decision: claims.decisionId, decisionPath });
  }
  const answer = rejection.details?.answer as NonNullable<AskState['answer']> | undefined;
  const decision = await getDecision(pool, { workspaceId: claims.workspaceId }, claims.decisionId);
  const ask = decision?.asks[claims.ask - 1];
  const given = answer ?? ask?.answer ?? null;
  const who = given?.automatic
    ? null
    : given
      ? given.answeredBy === claims.memberId
        ? { id: given.answeredBy, name: 'you' }
        : { id: given.answeredBy, name: (await getMember(pool, claims.workspaceId, given.answeredBy))?.name ?? 'a teammate' }
      : null;
  const channel = given?.provenance?.channel ?? null;
  const what = given && ask ? describeAnswer(ask, given.value) : null;
  const machine = given ? machineAnswerer(given) : null;
  const by = machine ?? (who ? (who.name === 'you' ? 'You' : who.name) : 'Someone');
  const where = channelPhrase(channel);
  return new DomainError(
    'link_answered_elsewhere',
    `${by} already answered this${where ? ` ${where}` : ''}${what ? `: ${what}` : ''}. The first answer stands; this link answered nothing.`,
    {
      decision: claims.decisionId,
      decisionPath,
      answeredBy: who,
      automatic: given?.automatic ?? false,
      channel,
      answerText: what,
      answeredAt: given?.answeredAt ?? null,
    },
  );
}

/** What pressing would answer, and as whom. Reads only: a scanner's GET (or HEAD) changes nothing. */
export async function readAnswerLink(deps: AnswerLinkDeps, token: string, now = new Date()): Promise<AnswerLinkView> {
  const { claims, member } = await checkLink(deps, token, now);
  const { decision, ask } = await checkDecision(deps, claims, null);
  return {
    decision: { id: decision.id, question: decision.question, path: decisionPagePath(decision.id) },
    ask: { position: ask.position, kind: ask.kind, prompt: ask.prompt },
    answer: claims.answer,
    answerText: describeAnswer(ask, claims.answer),
    reasonRequired: checkAnswer(decision, commandOf(claims, null))?.code === 'reason_required',
    member: { id: member.id, name: member.name },
    channel: claims.channel,
    expiresAt: new Date(claims.expiresAt).toISOString(),
  };
}

/** The press: the link's answer, once, through the one resolution path. */
export async function answerByLink(
  deps: AnswerLinkDeps,
  token: string,
  body: { reason?: string | undefined },
  now = new Date(),
): Promise<AnsweredByLink> {
  const { claims, member } = await checkLink(deps, token, now);
  const reason = body.reason ?? null;
  const answered = await withTransaction(deps.pool, async (client) => {
    const claimed = await claimAnswerLink(client, {
      linkId: claims.linkId,
      workspaceId: claims.workspaceId,
      decisionId: claims.decisionId,
      ask: claims.ask,
      memberId: claims.memberId,
      channel: claims.channel,
    });
    if (claimed !== 'claimed') {
      throw new DomainError(
        'link_used',
        claimed === 'used'
          ? 'This link was already used; each link answers once.'
          : 'This link is answering in another press right now; each link answers once.',
        { decision: claims.decisionId, decisionPath: decisionPagePath(claims.decisionId) },
      );
    }
    // Claimed first, then the decision: a press racing another of the same link is told the link
    // was used, not that the other press answered "elsewhere".
    const { ask } = await checkDecision(deps, claims, reason);
    try {
      const decision = await answerAsk(
        deps,
        person(claims.workspaceId, claims.memberId, member.role),
        // The link's id is the update's id too: Temporal itself answers a repeat of this press with the first's result.
        {
          id: claims.decisionId,
          ask: claims.ask,
          idempotencyKey: `link-${claims.linkId}`,
          channel: claims.channel,
          atRevision: claims.revision,
        },
        { answer: claims.answer, ...(reason ? { reason } : {}) },
      );
      return { decision, answerText: describeAnswer(ask, claims.answer) };
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'ask_already_answered' || error.code === 'ask_not_found'))
        throw await refusalOf(deps.pool, claims, error);
      if (error instanceof DomainError && error.code === 'link_decision_changed')
        throw new DomainError(error.code, error.message, { ...error.details, decisionPath: decisionPagePath(claims.decisionId) });
      throw error;
    }
  });
  return answered;
}
