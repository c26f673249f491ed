/**
 * One Inbox message (§6.16): an approval or an escalation as a message — its title, agent,
 * status, age and an approval's risks (the chips Home shows) — with Open in My Decisions; while
 * it is open, a reply box; once settled, what was chosen and by whom. A reply
 * answers the record through the same path as every other door (FR-29); a refusal is shown
 * in the catalogue's words for its code (ui/src/http/problem-words.ts), tied to the box.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_DEFAULT_ACTOR } from '../../../../domain/decision-state';
import { isRuleAnswerer } from '../../../../domain/automatic-answer';
import type { InboxMessage as Message } from '../../../../domain/inbox';
import { useAction } from '../../shared/use-action';
import { useReply } from './inbox-queries';
import { Ago } from '../../shared/ago';
import { AppLink } from '../../shared/app-link';
import { RiskChips } from '../../shared/risk-chips';
import { SendHint, sendOnCtrlEnter } from '../../shared/send-hint';

/** Who settled it, as the reader reads it: "you", a teammate's name, a rule, or the stack's auto-default. */
function settler(t: TFunction, message: Message, me: string | null): string {
  if (message.answeredBy === AUTO_DEFAULT_ACTOR) return t('ask.byAutoDefault');
  if (message.answeredBy && isRuleAnswerer(message.answeredBy)) return t('inbox.aRule');
  if (me !== null && message.answeredBy === me) return t('ask.you');
  return message.answeredByName ?? t('inbox.teammate');
}

/** "Approved by you", "Rejected by Ana", or "Chosen by Ana: <the option>"; the approval's reason after it. */
function Settled({ message, me }: { message: Message; me: string | null }) {
  const { t } = useTranslation();
  if (message.open || !message.answeredBy) return null;
  const who = settler(t, message, me);
  const verdict = t(`inbox.statuses.${message.status}`, { defaultValue: message.status });
  // Agent- or person-written text, interpolated as text: React escapes it, never markup.
  const line =
    // An escalation's answer may be an option or the person's own words: "Answered by", true of both (issue 39 item 4).
    message.kind === 'escalation'
      ? t('inbox.answeredBy', { who, answer: message.answer ?? '' })
      : message.answer
        ? t('inbox.verdictWhy', { verdict, who, reason: message.answer })
        : t('inbox.verdictBy', { verdict, who });
  return (
    <p className="settled" data-testid="message-settled">
      {line}
    </p>
  );
}

export function InboxMessage({
  message,
  me,
  options,
  onReplied,
}: {
  message: Message;
  /** The signed-in member: their own answers read "by you". */
  me: string | null;
  /** An escalation's options, when it offered some: a reply may name one by number or name. */
  options: string[] | null;
  /** The record changed (and the Inbox has been read again); the words say its new status. */
  onReplied: (words: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const replying = useReply(message.id);
  const [replied, setReplied] = useState(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  // While open, the chip says what the message waits for, by kind (issue 39 item 4); once settled, its status.
  const status = message.open
    ? t(`inbox.waiting.${message.kind}`)
    : t(`inbox.statuses.${message.status}`, { defaultValue: message.status });

  // After a reply the box is gone: focus goes to the status it produced.
  useEffect(() => {
    if (replied && !message.open) statusLine.current?.focus();
  }, [replied, message.open]);

  const act = useAction(setProblem);

  async function reply(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    await act(async () => {
      const next = await replying.mutateAsync(text);
      setReplied(true);
      onReplied(t('inbox.sent', { status: t(`inbox.statusWords.${next}`, { defaultValue: next }) }));
    });
  }

  const titleId = `${id}-title`;
  const helpId = `${id}-help`;
  const problemId = `${id}-problem`;
  const help =
    message.kind === 'approval' ? t('inbox.replyHelpApproval') : options ? t('inbox.replyHelpOptions') : t('inbox.replyHelpEscalation');
  return (
    <li>
      <article className="message" aria-labelledby={titleId} data-testid="message" data-message={message.id} data-open={message.open}>
        <p className="label">{t(`inbox.kinds.${message.kind}`)}</p>
        {/* Agent-written text: rendered as text, never markup. */}
        <h2 id={titleId}>{message.title}</h2>
        <p className="meta">
          {message.agentName ?? t('inbox.noAgent')} ·{' '}
          <span className={message.open ? 'chip' : 'chip quiet'} data-testid="message-status">
            {status}
          </span>{' '}
          · <Ago at={message.createdAt} />
        </p>
        <RiskChips risks={message.risks} />
        {message.body && <p className="context">{message.body}</p>}
        <Settled message={message} me={me} />
        {options && message.open && (
          <>
            <p className="label" id={`${id}-options`}>
              {t('inbox.options')}
            </p>
            <ol aria-labelledby={`${id}-options`}>
              {options.map((option, index) => (
                <li key={index}>{option}</li>
              ))}
            </ol>
          </>
        )}
        {message.decisionId && (
          <p>
            <AppLink href={`/decisions?id=${encodeURIComponent(message.decisionId)}`} aria-describedby={titleId}>
              {t('inbox.openInQueue')}
            </AppLink>
          </p>
        )}
        {message.open ? (
          <form className="reply" onSubmit={(event) => void reply(event)}>
            <label htmlFor={`${id}-reply`}>{t('inbox.reply')}</label>
            <textarea
              id={`${id}-reply`}
              value={text}
              rows={2}
              maxLength={4000}
              aria-describedby={problem ? `${helpId} ${helpId}-send ${problemId}` : `${helpId} ${helpId}-send`}
              aria-invalid={problem ? 'true' : undefined}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={sendOnCtrlEnter}
            />
            <p id={helpId} className="help">
              {help}
            </p>
            <SendHint id={`${helpId}-send`} />
            {problem && (
              <p id={problemId} role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="primary" disabled={!text.trim() || replying.isPending}>
              {t('inbox.send')}
            </button>
          </form>
        ) : (
          replied && (
            <p ref={statusLine} tabIndex={-1} className="replied">
              {t('inbox.sent', { status: t(`inbox.statusWords.${message.status}`, { defaultValue: message.status }) })}
            </p>
          )
        )}
      </article>
    </li>
  );
}
