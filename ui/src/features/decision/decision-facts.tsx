/**
 * The lines under a decision's title (§6.2, FR-10, FR-11): who raised it, how long ago (for an
 * open ask of a session, "asked 3h ago, 42 messages since" and a Stale mark) and how sure it is
 * (or "not scored") — or, once answered, who answered and when (§6.5); what a
 * blocking decision holds, naming its agent's run and its task, each a link; its Task and the
 * Mission behind it; whether it is advisory (never Blocking), its default and when that default
 * is taken; and a withdrawal by its agent.
 */
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionRead } from '../../http/decisions';
import { age, ago, moment } from '../../shared/time';
import { messagesSince } from '../../../../domain/staleness';
import { AppLink } from '../../shared/app-link';
import { askedSince, StaleMark } from '../../shared/asked-since';
import { PauseIcon } from '../../shared/pause-icon';
import { machineAnswerer, reachChannelOf } from './asks/answered-from';
import { useTimeZone } from '../../shared/time-zone-provider';
import { SelfAnswerLine } from '../../shared/self-answer-line';

type Decision = DecisionRead['decision'];
type Detail = DecisionRead['detail'];

/** "2h ago", or "just now" (which needs no "ago"). */
function ageWords(t: TFunction, at: string): string {
  const words = age(t, at);
  return words === t('age.now') ? words : t('detail.age', { age: words });
}

/** Who gave the answer that closed it: the latest one, by a person, a rule or the stack's auto-default. */
function closer(t: TFunction, decision: Decision, detail: Detail, me: string | null): string | null {
  const answers = decision.asks.flatMap((ask) => (ask.answer ? [ask.answer] : []));
  const last = answers.sort((a, b) => Date.parse(b.answeredAt) - Date.parse(a.answeredAt))[0];
  if (!last) return null;
  const machine = machineAnswerer(t, last);
  if (machine) return machine;
  const who = last.answeredBy === me ? t('ask.you') : (detail.members[last.answeredBy] ?? last.answeredBy);
  // Issue 40 item 6: "answered by Dana from an email".
  const from = reachChannelOf(last.provenance);
  return from ? t('ask.answeredFrom', { who, channel: t(`ask.from.${from}`) }) : who;
}

/** Messages in its session since it was asked, while it is open; null without a session. */
function sinceAsked(decision: Decision, detail: Detail): number | null {
  if (decision.status !== 'open' || !detail.session) return null;
  return messagesSince(decision.messagesAtAsk, detail.session.messageCount);
}

function byline(t: TFunction, locale: string, zone: string, decision: Decision, detail: Detail, me: string | null): string {
  const agent = detail.agent?.name ?? null;
  const who = decision.status === 'resolved' ? closer(t, decision, detail, me) : null;
  if (who && decision.resolvedAt) {
    return [agent, t('detail.answeredBy', { who }), moment(decision.resolvedAt, locale, zone)].filter(Boolean).join(' · ');
  }
  const since = sinceAsked(decision, detail);
  const when = since === null ? ageWords(t, decision.createdAt) : askedSince(t, decision.createdAt, since);
  // FR-10: its confidence, or "not scored" (FR-4, §10 "Degradation").
  const confidence =
    decision.confidence === null ? t('queue.notScored') : t('queue.sure', { percent: Math.round(decision.confidence * 100) });
  return [agent, when, confidence].filter(Boolean).join(' · ');
}

/**
 * §6.18 "Blocking detail": "⏸ Blocking: Run paused · Task blocked", each part a link to what it
 * holds (FR-11) and said only while true — a run that is not parked is not "paused"; the task is
 * named on the Task line below. With neither, "⏸ Blocking: Researcher is waiting for your answer".
 */
function BlockingLine({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const agent = detail.agent?.name ?? null;
  const parts = [
    detail.run?.status === 'parked' && { href: `/runs/${encodeURIComponent(detail.run.id)}`, label: t('detail.runPaused') },
    detail.task && { href: `/tasks/${encodeURIComponent(detail.task.id)}`, label: t('detail.taskBlocked') },
  ].filter((part) => typeof part === 'object' && part !== null);
  return (
    <p className="blocking" data-testid="blocking">
      <PauseIcon />
      {parts.length === 0
        ? agent === null
          ? t('queue.blocking')
          : `${t('detail.blockingOn')} ${t('detail.blockingAgentWaits', { agent })}`
        : [
            `${t('detail.blockingOn')} `,
            ...parts.map((part, index) => (
              <Fragment key={part.href}>
                {index > 0 && ' · '}
                <AppLink href={part.href}>{part.label}</AppLink>
              </Fragment>
            )),
          ]}
    </p>
  );
}

/** An advisory decision: the agent works on its default meanwhile, and when (if ever) the default is taken. */
function AdvisoryLine({ decision, agent }: { decision: Decision; agent: string }) {
  const { t } = useTranslation();
  // The default is an option of its first decision ask (domain/decision-content-rules.ts).
  const choice = decision.asks.find((ask) => ask.kind === 'decision');
  const label =
    decision.defaultOption !== null && choice?.kind === 'decision' ? (choice.options[decision.defaultOption - 1]?.label ?? null) : null;
  const due = decision.stack?.deadline ?? null;
  return (
    <p className="advisory" data-testid="advisory">
      <span className="chip quiet">{t('detail.advisory')}</span>{' '}
      {label ? t('detail.advisoryDefault', { agent, label }) : t('detail.advisoryNoDefault', { agent })}{' '}
      {/* With a deadline, the line below says when it answers itself and with what (issue 40 item 8). */}
      {label && due && <SelfAnswerLine decision={decision} as="span" />}
      {label && !due && t('detail.defaultNoDeadline')}
    </p>
  );
}

export function DecisionFacts({ data, me }: { data: DecisionRead; me: string | null }) {
  const { t, i18n } = useTranslation();
  const { decision, detail } = data;
  const zone = useTimeZone();
  const open = decision.status === 'open';
  const agent = detail.agent?.name ?? t('outcome.theAgent');
  const since = sinceAsked(decision, detail);
  return (
    <div className="decision-facts">
      <p className="byline" data-testid="byline">
        {byline(t, i18n.language, zone, decision, detail, me)}
        {since !== null && <StaleMark askedAt={decision.createdAt} messagesSince={since} spaced />}
      </p>
      {open && detail.blocking && <BlockingLine detail={detail} />}
      {detail.task && (
        <p className="provenance" data-testid="task">
          <span className="label">{t('detail.task')}</span>{' '}
          <AppLink href={`/tasks/${encodeURIComponent(detail.task.id)}`}>
            {detail.task.title}
            <span aria-hidden="true"> →</span>
          </AppLink>
        </p>
      )}
      {/* A Mission is provenance only: never blocked, never a link to act on (FR-11). */}
      {detail.mission && (
        <p className="provenance" data-testid="mission">
          <span className="chip quiet">
            {t('detail.mission')} {detail.mission.name}
          </span>
        </p>
      )}
      {open && decision.mode === 'advisory' && <AdvisoryLine decision={decision} agent={agent} />}
      {/* A host prompt expires when its host stops waiting (issue 40 item 8); a stack member says it on its advisory line. */}
      {open && decision.mode !== 'advisory' && <SelfAnswerLine decision={decision} />}
      {decision.status === 'withdrawn' && decision.closedAt && (
        <p className="withdrawn-line" data-testid="withdrawn-line">
          {t('detail.withdrawnLine', { agent, time: ago(t, decision.closedAt) })}
        </p>
      )}
    </div>
  );
}
