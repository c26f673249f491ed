import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import { ReasonField } from '../reason-field';
import type { Submit } from './submit';

type ApprovalAsk = Extract<AskState, { kind: 'approval' }>;

/**
 * An approval ask: the action and its risks, Approve or Reject; a rejection needs a reason (§6.3).
 * On a permission card the same controls read Approve and Deny (cast-decide).
 */
export function ApprovalControl({ ask, submit, permission = false }: { ask: ApprovalAsk; submit: Submit; permission?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <fieldset id={id} aria-describedby={rejecting ? `${id}-reason` : undefined}>
      <legend>{ask.prompt}</legend>
      {ask.context && <p className="ask-context">{ask.context}</p>}
      <p>
        <span className="label">{t('ask.action')}</span> {ask.action.summary}
      </p>
      {ask.risks.length > 0 && (
        <div>
          <span className="label">{t('ask.risks')}</span>
          <ul>
            {ask.risks.map((risk, index) => (
              <li key={index}>{risk}</li>
            ))}
          </ul>
        </div>
      )}
      {rejecting ? (
        <>
          <ReasonField required value={reason} onChange={setReason} describes={id} />
          <button type="button" disabled={!reason.trim()} onClick={() => submit({ kind: 'approval', decision: 'reject' }, reason.trim())}>
            {permission ? t('prompt.confirmDenial') : t('ask.confirmRejection')}
          </button>
          <button type="button" onClick={() => setRejecting(false)}>
            {t('ask.cancel')}
          </button>
        </>
      ) : (
        <>
          <button type="button" data-answer="approve" onClick={() => submit({ kind: 'approval', decision: 'approve' })}>
            {t('ask.approve')}
          </button>
          <button type="button" data-answer="reject" onClick={() => setRejecting(true)}>
            {permission ? t('prompt.deny') : t('ask.reject')}
          </button>
        </>
      )}
    </fieldset>
  );
}
