/** "For team infra" over an ask addressed to someone other than its decision's assignee (issue 41 item 1). */
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { assigneeWords } from './assignment-words';
import { AssignmentShown } from './may-answer-here';

export function AskAssignee({ position }: { position: number }) {
  const { t } = useTranslation();
  const me = useSignedIn().data?.memberId ?? null;
  const own = useContext(AssignmentShown)?.asks[String(position)];
  if (!own) return null;
  const words = assigneeWords(
    t,
    { assignee: own.assignee, delegatedTo: null, claimedBy: null, forMe: true, mayAnswer: own.mayAnswer, asks: {} },
    me,
  );
  return (
    <p className="help" data-testid="ask-assignee">
      {words}
    </p>
  );
}
