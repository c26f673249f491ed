import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '../../../../domain/approval';
import type { AskState } from '../../../../domain/decision-view-schema';
import { ReasonField } from '../reason-field';
import { AskForm, focusIn } from './ask-form';
import type { Submit } from './submit';

type ApprovalAsk = Extract<AskState, { kind: 'approval' }>;

/**
 * An approval ask: the action and its risks, Approve or Reject; a rejection needs a reason (§6.3,
 * FR-24), an approval may carry one (FR-25) — the same field, optional under the buttons until
 * Reject makes it required. A permission card has the same controls and words (§6.18 "Approve · Reject ·
 * Confirm rejection"). An approval record's risks are its flags, worded by the catalogue (FR-63); an
 * agent's own approval ask says its risks in its own words.
 * Enter on a button presses it (§6.17); Ctrl/⌘+Enter in the reason confirms a rejection. An approval
 * is never sent from the reason field: there it moves focus to Approve, one Enter from sending it.
 */
export function ApprovalControl({ ask, submit, riskFlags = null }: { ask: ApprovalAsk; submit: Submit; riskFlags?: RiskFlag[] | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const rejection = reason.trim();
  return (
    <AskForm
      ready={rejecting && rejection !== ''}
      onSubmit={() => submit({ kind: 'approval', decision: 'reject' }, rejection)}
      whenNotReady={(form) => focusIn(form, rejecting ? '.reason textarea' : '[data-answer="approve"]')}
    >
      <fieldset id={id} aria-describedby={rejecting ? `${id}-reason` : undefined}>
        <legend>{ask.prompt}</legend>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <ApprovalFacts ask={ask} riskFlags={riskFlags} />
        {rejecting ? (
          <>
            <ReasonField required value={reason} onChange={setReason} describes={id} />
            <div className="buttons">
              <button type="submit" className="primary danger" disabled={rejection === ''}>
                {t('ask.confirmRejection')}
              </button>
              <button type="button" className="quiet" onClick={() => setRejecting(false)}>
                {t('ask.cancel')}
              </button>
            </div>
          </>
        ) : (
          <>
            {/* Approve is the filled primary, Reject the outlined danger: they differ in weight and word, not hue alone (FR-67). */}
            <div className="buttons">
              <button
                type="button"
                className="primary"
                data-answer="approve"
                onClick={() => submit({ kind: 'approval', decision: 'approve' }, reason.trim() || undefined)}
              >
                {t('ask.approve')}
              </button>
              <button type="button" className="danger" data-answer="reject" onClick={() => setRejecting(true)}>
                {t('ask.reject')}
              </button>
            </div>
            <ReasonField required={false} value={reason} onChange={setReason} describes={id} />
          </>
        )}
      </fieldset>
    </AskForm>
  );
}

/**
 * The action an approval ask proposes and its risks: above its controls while it is open, and
 * on their own, read-only, once its decision is set aside (archived) unanswered.
 */
export function ApprovalFacts({ ask, riskFlags = null }: { ask: ApprovalAsk; riskFlags?: RiskFlag[] | null }) {
  const { t } = useTranslation();
  const risks = riskFlags ? riskFlags.map((flag) => t(`risks.${flag}`)) : ask.risks;
  return (
    <>
      <p>
        <span className="label">{t('ask.action')}</span> {ask.action.summary}
      </p>
      {risks.length > 0 && (
        <div>
          <span className="label">{t('ask.risks')}</span>
          <ul data-testid="risks">
            {risks.map((risk, index) => (
              <li key={index}>{risk}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
