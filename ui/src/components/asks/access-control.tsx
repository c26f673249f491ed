import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import type { Submit } from './submit';

type AccessAsk = Extract<AskState, { kind: 'access' }>;

/** An access ask: what is needed, where it is granted, and "I have granted it" (§6.3). */
export function AccessControl({ ask, submit }: { ask: AccessAsk; submit: Submit }) {
  const { t } = useTranslation();
  return (
    <div className="ask-control" role="group" aria-label={ask.prompt}>
      <p className="prompt">{ask.prompt}</p>
      {ask.context && <p className="ask-context">{ask.context}</p>}
      <p>
        <span className="label">{t('ask.needs')}</span> {ask.needed}
      </p>
      <a href={ask.grantUrl} target="_blank" rel="noopener noreferrer">
        {t('ask.openConnections')}
      </a>
      <button type="button" onClick={() => submit({ kind: 'access', granted: true })}>
        {t('ask.granted')}
      </button>
    </div>
  );
}
