import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import { AccessControl } from './access-control';
import { ActionControl } from './action-control';
import { ApprovalControl } from './approval-control';
import { ChoiceControl } from './choice-control';
import { FactControl } from './fact-control';
import type { Submit } from './submit';
import type { UndoState } from '../../../../domain/undo';
import { ago } from '../../time';
import { AskMenu } from './ask-menu';

type Answer = NonNullable<AskState['answer']>;

/** The answer in words, as the person reads it back. */
export function describe(ask: AskState, t: TFunction, answer: Pick<Answer, 'value'> | null = ask.answer): string {
  const value = answer?.value;
  if (!value) return '';
  switch (value.kind) {
    case 'decision':
      return ask.kind === 'decision' ? value.selected.map((n) => ask.options[n - 1]?.label ?? String(n)).join(', ') : '';
    case 'approval':
      return value.decision === 'approve' ? t('ask.approved') : t('ask.rejected');
    case 'fact':
      return value.text;
    case 'access':
      return t('ask.grantedDone');
    case 'action':
      return value.note ? t('ask.doneWithNote', { note: value.note }) : t('ask.done');
  }
}

/** What the ask's menu needs: Undo's state, who is told, and the run the answer reached. */
export type AskMenuFacts = { undo: UndoState | undefined; agent: string; runId: string | null; onUndo: () => void };

/** One ask: its control while open, its answer (who, and the reason) once answered. */
export function AskItem({
  ask,
  members,
  open,
  submit,
  menu,
  permission = false,
}: {
  ask: AskState;
  members: Record<string, string>;
  open: boolean;
  submit: Submit;
  menu: AskMenuFacts;
  /** A host's permission prompt: its approval reads Approve / Deny. */
  permission?: boolean;
}) {
  const { t } = useTranslation();
  if (ask.answer) {
    const who = members[ask.answer.answeredBy] ?? ask.answer.answeredBy;
    return (
      <li className="ask answered" data-testid="answered-ask" data-ask={ask.position} data-answered-at={ask.answer.answeredAt}>
        <p className="prompt">{ask.prompt}</p>
        <p>
          {t('ask.answeredBy', { answer: describe(ask, t), who })}
          {ask.answer.verification === 'self_reported' ? ` · ${t('ask.selfReported')}` : ''}
        </p>
        {ask.answer.reason && <blockquote>{ask.answer.reason}</blockquote>}
        <AskMenu undo={menu.undo} agent={menu.agent} runId={menu.runId} answerText={describe(ask, t)} onUndo={menu.onUndo} />
      </li>
    );
  }
  const withdrawn = ask.withdrawnAnswers?.at(-1);
  // §6.4 "After an undo": the ask is open again, with what was withdrawn and that the agent knows.
  const banner = withdrawn && (
    <div className="withdrawn" data-testid="withdrawn">
      <span className="tag">{t('undo.withdrawnTag')}</span>
      <p>{t('undo.withdrawnBanner', { time: ago(t, withdrawn.withdrawnAt), agent: menu.agent })}</p>
      <p>
        {withdrawn.reason
          ? t('undo.previousAnswerWithReason', { answer: describe(ask, t, withdrawn), reason: withdrawn.reason })
          : t('undo.previousAnswer', { answer: describe(ask, t, withdrawn) })}
      </p>
    </div>
  );
  if (!open)
    return (
      <li className="ask" data-ask={ask.position}>
        <p className="prompt">{ask.prompt}</p>
        {banner}
      </li>
    );
  return (
    <li className="ask" data-ask={ask.position} data-open="true" data-kind={ask.kind}>
      {banner}
      {ask.kind === 'decision' && <ChoiceControl ask={ask} submit={submit} />}
      {ask.kind === 'approval' && <ApprovalControl ask={ask} submit={submit} permission={permission} />}
      {ask.kind === 'fact' && <FactControl ask={ask} submit={submit} />}
      {ask.kind === 'access' && <AccessControl ask={ask} submit={submit} />}
      {ask.kind === 'action' && <ActionControl ask={ask} submit={submit} />}
    </li>
  );
}
