import { useTranslation } from 'react-i18next';
import { hostPromptOf } from '../../shared/host-prompt';
import { decisionPageHref, linksToPage } from './links-to-page';
import { AppLink } from '../../shared/app-link';
import { ProgressDots } from '../../shared/progress-dots';
import { askedSince, StaleMark } from '../../shared/asked-since';
import { age, day } from '../../shared/time';
import type { QueueCard as Card } from '../../../../domain/queue';
import { useTimeZone } from '../../shared/time-zone-provider';
import { SelfAnswerLine } from '../../shared/self-answer-line';
import { assigneeWords, claimWords } from '../assignment/assignment-words';

/** A card the person can pick for "Group into a stack": its checkbox is named by the question. */
export type CardPick = { checked: boolean; onToggle: () => void };

/**
 * One decision in the list: summary, agent · task · age — for an open ask of a session, "asked
 * 3h ago, 42 messages since" and a Stale mark (cast-decide) — blocking or advisory, dormant and
 * recurring chips, its confidence (or "not scored"), progress; a link to its page when it has one
 * worth opening (cast-decide "What you see"). An open card can be archived from the list (FR-43); in the Archived tab:
 * who set it aside, when, and Restore (§6.12); in Answered, one its agent withdrew says so.
 * In a stack's checklist a closed member carries a check mark; a card in no stack can be picked.
 */
export function QueueCard({
  card,
  current,
  me,
  pick,
  onSelect,
  onRestore,
  onArchive,
}: {
  card: Card;
  current: boolean;
  me: string | null;
  pick?: CardPick;
  onSelect: () => void;
  /** Offered on an archived card to a role that may restore it. */
  onRestore?: () => void;
  /** Offered on an open card in the Open tab, to a role that may archive it. */
  onArchive?: () => void;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const archived = card.status === 'archived' ? card.archived : null;
  const questionId = `question-${card.id}`;
  const done = card.stackPlace !== null && card.status !== 'open';
  const prompt = hostPromptOf(card);
  const open = card.status === 'open';
  // The session's numbers, while it is open: what the CLI prints beside it (cast decide ls).
  const since = open ? card.messagesSince : null;
  return (
    <li data-testid="card" aria-current={current ? 'true' : undefined} className={pick ? 'pickable' : undefined}>
      {pick && <input type="checkbox" className="pick" checked={pick.checked} onChange={pick.onToggle} aria-labelledby={questionId} />}
      <button type="button" className="card" data-card={card.id} onClick={onSelect}>
        {done && (
          <span className="done-mark">
            <span aria-hidden="true">{t('stack.doneMark')}</span>
            <span className="visually-hidden">{t('stack.done')}</span>
          </span>
        )}
        {/* Prompts are agent-written text: rendered as text, never markup. */}
        <span className="question" id={questionId}>
          {card.question}
        </span>
        {archived ? (
          <span className="meta">{[card.agentName, archivedLine(t, archived, me, zone)].filter(Boolean).join(' · ')}</span>
        ) : (
          <span className="meta">
            {[card.agentName, card.taskTitle, since === null ? age(t, card.createdAt) : askedSince(t, card.createdAt, since)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
        {prompt && <span className="chip quiet">{t(`prompt.${prompt.kind}`)}</span>}
        {/* Listed in Answered, so what its agent took back is still there to see. */}
        {card.status === 'withdrawn' && (
          <span className="chip quiet" data-testid="withdrawn-chip">
            {t('queue.withdrawn')}
          </span>
        )}
        {/* One rule (domain/blocking.ts): only a decision its agent waits on says Blocking. */}
        {open && card.blocking && <span className="chip">{t('queue.blocking')}</span>}
        {/* Issue 41 item 1: whom it is for, and who is on it ("Dana is on it"). */}
        {open && card.assignment.assignee && (
          <span className="chip quiet" data-testid="assignee-chip">
            {assigneeWords(t, card.assignment, me)}
          </span>
        )}
        {open && card.assignment.claimedBy && (
          <span className="chip quiet" data-testid="claimed-chip">
            {claimWords(t, card.assignment, me)}
          </span>
        )}
        {open && card.mode === 'advisory' && (
          <span className="chip quiet" data-testid="advisory-chip">
            {t('queue.advisory')}
          </span>
        )}
        {since !== null && <StaleMark askedAt={card.createdAt} messagesSince={since} />}
        {/* Issue 40 item 8: "Answers itself “Monthly” at 17:00 unless you answer." */}
        {open && <SelfAnswerLine decision={card} as="span" />}
        {card.dormant && (
          <span className="chip quiet" data-testid="dormant">
            {t('queue.dormant')}
          </span>
        )}
        {card.askedTimes !== null && (
          <span className="chip recurring" data-testid="recurring">
            <span aria-hidden="true">{t('recurring.glyph')} </span>
            {t('recurring.chip', { count: card.askedTimes })}
          </span>
        )}
        {/* FR-4, FR-10, §10 "Degradation": an unscored decision ranks at 0.5 and is labelled "not scored". */}
        <span className="confidence" data-testid="confidence">
          {card.confidence === null ? t('queue.notScored') : t('queue.sure', { percent: Math.round(card.confidence * 100) })}
        </span>
        <span className="progress">
          <ProgressDots progress={card.progress} />
          {t('queue.progress', card.progress)}
        </span>
      </button>
      {linksToPage(card) && (
        <AppLink className="page-link" href={decisionPageHref(card.id)} aria-label={t('queue.openPage', { question: card.question })}>
          {t('queue.page')}
        </AppLink>
      )}
      {onArchive && card.status === 'open' && (
        <button
          type="button"
          className="archive quiet small"
          data-action="archive-card"
          aria-label={t('queue.archiveOne', { question: card.question })}
          onClick={onArchive}
        >
          {t('queue.archive')}
        </button>
      )}
      {archived && onRestore && (
        <button
          type="button"
          className="restore small"
          data-action="restore"
          aria-label={t('queue.restoreOne', { question: card.question })}
          onClick={onRestore}
        >
          {t('queue.restore')}
        </button>
      )}
    </li>
  );
}

function archivedLine(
  t: ReturnType<typeof useTranslation>['t'],
  archived: NonNullable<Card['archived']>,
  me: string | null,
  zone: string,
): string {
  if (archived.reason === 'work_gone') return t('queue.archivedAutomatically');
  const by = archived.by === me ? t('queue.archivedByYou') : t('queue.archivedByTeammate');
  return `${by} · ${day(archived.at, zone)}`;
}
