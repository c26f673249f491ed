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
 * A permission card's ACTION is the tool input the host sent, whole: a command or a JSON document,
 * shown as code in a monospace block that wraps and scrolls inside its own box, so even a long
 * unbroken line never widens the page.
 * Enter on a button presses it (§6.17); Ctrl/⌘+Enter in the reason confirms a rejection. An approval
 * is never sent from the reason field: there it moves focus to Approve, one Enter from sending it.
 */
export function ApprovalControl({
  ask,
  submit,
  riskFlags = null,
  command = null,
}: {
  ask: ApprovalAsk;
  submit: Submit;
  riskFlags?: RiskFlag[] | null;
  /** A permission card's tool input: shown as the ACTION, in a code block. */
  command?: string | null;
}) {
  const { t } = useTranslation();
  const risks = riskFlags ? riskFlags.map((flag) => t(`risks.${flag}`)) : ask.risks;
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
        {command !== null ? (
          <div className="command">
            <span className="label" id={`${id}-action`}>
              {t('ask.action')}
            </span>
            {/* Tool input, as text: a region a keyboard can scroll when a line is longer than the box. */}
            <pre tabIndex={0} aria-labelledby={`${id}-action`} data-testid="command">
              <code>{command}</code>
            </pre>
          </div>
        ) : (
          <p>
            <span className="label">{t('ask.action')}</span> {ask.action.summary}
          </p>
        )}
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
