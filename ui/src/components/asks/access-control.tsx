import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import { ReasonField } from '../reason-field';
import { AskForm } from './ask-form';
import type { Submit } from './submit';

type AccessAsk = Extract<AskState, { kind: 'access' }>;

/**
 * An access ask: what is needed, where it is granted, and "I have granted it" (§6.3), with an
 * optional reason (FR-25); Ctrl/⌘+Enter in the reason says it is granted (§6.17).
 */
export function AccessControl({ ask, submit }: { ask: AccessAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <AskForm ready onSubmit={() => submit({ kind: 'access', granted: true }, reason.trim() || undefined)}>
      <div className="ask-control" role="group" aria-label={ask.prompt} id={id}>
        <p className="prompt">{ask.prompt}</p>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <p>
          <span className="label">{t('ask.needs')}</span> {ask.needed}
        </p>
        <a className="button-link" href={ask.grantUrl} target="_blank" rel="noopener noreferrer">
          {t('ask.openConnections')}
        </a>
        <ReasonField required={false} value={reason} onChange={setReason} describes={id} />
        <button type="submit" className="primary">
          {t('ask.granted')}
        </button>
      </div>
    </AskForm>
  );
}
