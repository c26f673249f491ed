/**
 * "What this needs from you": the asks with their progress, each open one's control or its
 * answer, and the word on asks past the tenth that were dropped (E10).
 */
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../../domain/ask-schema';
import { documentHref, type DecisionRead } from '../../http/decisions';
import { AskItem } from './asks/ask-item';
import { ProgressDots } from '../../shared/progress-dots';
import { useMay } from '../../shared/session';

export function DetailAsks({
  data,
  me,
  onAnswer,
  onUndo,
}: {
  data: DecisionRead;
  me: string | null;
  onAnswer: (ask: number, value: AnswerValue, reason?: string) => void;
  onUndo: (ask: number) => void;
}) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const open = decision.status === 'open';
  const mayAnswer = useMay('decision.answer');
  const agent = detail.agent?.name ?? t('outcome.theAgent');
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
      {open && !mayAnswer && (
        <p className="help" data-testid="read-only">
          {t('detail.readOnly')}
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
            submit={(value, reason) => onAnswer(ask.position, value, reason)}
            riskFlags={ask.position === 1 && decision.source?.kind === 'approval' ? detail.riskFlags : null}
            // A permission card's ACTION is the tool input its host sent, whole.
            command={
              decision.source?.kind === 'permission' && ask.kind === 'approval'
                ? {
                    text: decision.context ?? ask.action.summary,
                    input: decision.source.toolInput ?? null,
                    alwaysAllows: decision.source.alwaysAllows ?? [],
                  }
                : null
            }
            optionPage={(ask, option) =>
              decision.documents.options?.[`${ask}.${option}`] ? documentHref(decision.id, `option-${ask}-${option}`) : null
            }
            menu={{
              undo: detail.undo[ask.position],
              agent,
              runId: decision.delivery?.runId ?? detail.run?.id ?? null,
              onUndo: () => onUndo(ask.position),
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
