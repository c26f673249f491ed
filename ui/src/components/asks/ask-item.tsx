import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AskView } from '../../types';
import { AccessControl } from './access-control';
import { ActionControl } from './action-control';
import { ApprovalControl } from './approval-control';
import { ChoiceControl } from './choice-control';
import { FactControl } from './fact-control';
import type { Submit } from './submit';

/** The answer in words, as the person reads it back. */
function describe(ask: AskView, t: TFunction): string {
  const value = ask.answer?.value;
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

/** One ask: its control while open, its answer (who, and the reason) once answered. */
export function AskItem({ ask, members, open, submit }: { ask: AskView; members: Record<string, string>; open: boolean; submit: Submit }) {
  const { t } = useTranslation();
  if (ask.answer) {
    const who = members[ask.answer.answeredBy] ?? ask.answer.answeredBy;
    return (
      <li className="ask answered" data-testid="answered-ask" data-ask={ask.position}>
        <p className="prompt">{ask.prompt}</p>
        <p>{t('ask.answeredBy', { answer: describe(ask, t), who })}{ask.answer.verification === 'self_reported' ? ` · ${t('ask.selfReported')}` : ''}</p>
        {ask.answer.reason && <blockquote>{ask.answer.reason}</blockquote>}
      </li>
    );
  }
  if (!open) return <li className="ask" data-ask={ask.position}><p className="prompt">{ask.prompt}</p></li>;
  return (
    <li className="ask" data-ask={ask.position} data-open="true" data-kind={ask.kind}>
      {ask.kind === 'decision' && <ChoiceControl ask={ask} submit={submit} />}
      {ask.kind === 'approval' && <ApprovalControl ask={ask} submit={submit} />}
      {ask.kind === 'fact' && <FactControl ask={ask} submit={submit} />}
      {ask.kind === 'access' && <AccessControl ask={ask} submit={submit} />}
      {ask.kind === 'action' && <ActionControl ask={ask} submit={submit} />}
    </li>
  );
}
