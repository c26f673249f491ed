/**
 * "What this needs from you": the asks with their progress, each open one's control or its
 * answer, and the word on asks past the tenth that were dropped (E10).
 */
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../../domain/ask-schema';
import { alwaysRuleFor } from '../../../../domain/always-rule';
import { documentHref, type DecisionRead } from '../../http/decisions';
import { AskItem } from './asks/ask-item';
import { ProgressDots } from '../../shared/progress-dots';
import { AssignmentShown } from '../assignment/may-answer-here';
import { whoMayAnswerWords } from '../assignment/assignment-words';
import { useMay } from '../../shared/session';
import { answerCloses } from '../../../../domain/decision-state';
import type { UnsentAnswer } from '../../keyboard/detail-commands';
import { AskCommandsContext } from './asks/ask-commands';

export function DetailAsks({
  data,
  me,
  onAnswer,
  onUndo,
}: {
  data: DecisionRead;
  me: string | null;
  /** `withUnsent`: the other asks' answers filled in and not sent, to send first (issue 39 item 6). */
  onAnswer: (ask: number, value: AnswerValue, reason?: string, withUnsent?: Array<UnsentAnswer & { ask: number }>) => void;
  onUndo: (ask: number) => void;
}) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const open = decision.status === 'open';
  const role = useMay('decision.answer');
  const assignmentAllows = useContext(AssignmentShown)?.mayAnswer ?? true;
  const agent = detail.agent?.name ?? t('outcome.theAgent');
  const controls = useContext(AskCommandsContext);

  /**
   * An answer that closes the decision takes with it what the person filled in on the other
   * open asks (optional ones: a required one would keep it open), so closing never throws away
   * what was typed or picked (issue 39 item 6). A filled-in answer that cannot go as it is holds
   * the closing answer back; its control says what is missing.
   */
  function answer(position: number, value: AnswerValue, reason?: string) {
    if (!answerCloses(decision.asks, position)) return onAnswer(position, value, reason);
    const unsent: Array<UnsentAnswer & { ask: number }> = [];
    for (const other of decision.asks) {
      if (other.position === position || other.answer) continue;
      const filled = controls?.get(other.position)?.unsent?.();
      if (filled === 'incomplete') return;
      if (filled) unsent.push({ ask: other.position, ...filled });
    }
    onAnswer(position, value, reason, unsent);
  }
  return (
    <>
      <h3>
        {t('queue.asksHeading')}{' '}
        <span className="progress">
          <ProgressDots progress={decision.progress} />
          {t('queue.progress', decision.progress)}
        </span>
      </h3>
      {/* Said once, where the controls would be: the API would refuse an answer from this role. */}
      {open && !role && (
        <p className="help" data-testid="read-only">
          {t('detail.readOnly')}
        </p>
      )}
      {/* Issue 41 item 2: the workspace lets only the assignee, their team and admins answer; said before anyone tries. */}
      {open && role && !assignmentAllows && (
        <p className="help" data-testid="not-assignee">
          {whoMayAnswerWords(t, detail.assignment)}
        </p>
      )}
      <ol className="asks">
        {decision.asks.map((ask) => (
          <AskItem
            key={ask.position}
            ask={ask}
            members={detail.members}
            me={me}
            open={open}
            submit={(value, reason) => answer(ask.position, value, reason)}
            agent={detail.agent}
            riskFlags={ask.position === 1 && decision.source?.kind === 'approval' ? detail.riskFlags : null}
            title={decision.question}
            // A permission card's ACTION is the tool input its host sent, whole.
            command={
              decision.source?.kind === 'permission' && ask.kind === 'approval'
                ? {
                    text: decision.context ?? ask.action.summary,
                    input: decision.source.toolInput ?? null,
                    alwaysAllows: decision.source.alwaysAllows ?? [],
                    editable: decision.source.editable === true,
                  }
                : null
            }
            alwaysRule={alwaysRuleFor(decision, ask.position)?.name ?? null}
            optionPage={(ask, option) =>
              decision.documents.options?.[`${ask}.${option}`] ? documentHref(decision.id, `option-${ask}-${option}`) : null
            }
            menu={{
              undo: detail.undo[ask.position],
              agent,
              runId: decision.delivery?.runId ?? detail.run?.id ?? null,
              onUndo: () => onUndo(ask.position),
              closedAs: decision.status === 'archived' || decision.status === 'withdrawn' ? decision.status : null,
            }}
          />
        ))}
      </ol>
      {/* E10, §6.10: the asks past the tenth were dropped; the person is told, in the catalogue's words. */}
      {decision.droppedAsks > 0 && (
        <div className="over-limit" data-testid="over-limit">
          <p>
            <span aria-hidden="true">{t('detail.overLimitGlyph')} </span>
            {t('detail.overLimit', { count: decision.droppedAsks })}
          </p>
          <p className="help">{t('detail.overLimitHelp')}</p>
        </div>
      )}
    </>
  );
}
