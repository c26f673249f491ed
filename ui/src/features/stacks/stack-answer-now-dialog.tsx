/**
 * Said before a new auto-default is saved that answers members at once (issue #30): how many,
 * which, and a deliberate confirm. Cancel takes focus first, so Enter alone never answers
 * anything; Esc closes it with nothing saved and focus goes back to Save policy.
 */
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';

export function StackAnswerNowDialog({
  questions,
  duration,
  onConfirm,
  onClose,
}: {
  /** The members it answers, in the stack's order. */
  questions: string[];
  /** The new duration, in the grammar's words (15m). */
  duration: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const count = questions.length;
  return (
    <ModalDialog
      onClose={onClose}
      labelledBy="answer-now-title"
      describedBy="answer-now-body"
      className="answer-now"
      testId="answer-now-dialog"
    >
      <h2 id="answer-now-title">{t('stack.answerNowTitle', { count })}</h2>
      <p id="answer-now-body">
        {t('stack.answerNowBody', { count })} {t('stack.answerNowWhy', { count, duration })}
      </p>
      <ul>
        {questions.map((question, index) => (
          <li key={index}>{question}</li>
        ))}
      </ul>
      <DialogFooter label={t('stack.answerNowConfirm', { count })} onCancel={onClose} onAct={onConfirm} destructive />
    </ModalDialog>
  );
}
