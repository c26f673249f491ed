/** "For team infra" over an ask addressed to someone other than its decision's assignee (issue 41 item 1). */
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { whomWords } from './assignment-words';
import { AssignmentShown } from './may-answer-here';

export function AskAssignee({ position }: { position: number }) {
  const { t } = useTranslation();
  const me = useSignedIn().data?.memberId ?? null;
  const own = useContext(AssignmentShown)?.asks[String(position)];
  if (!own) return null;
  return (
    <p className="help" data-testid="ask-assignee">
      {whomWords(t, own.assignee, me)}
    </p>
  );
}
