import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm } from './ask-form';
import { useAskCommands } from './ask-commands';
import type { Submit } from './submit';

type AccessAsk = Extract<AskState, { kind: 'access' }>;

/** The grant page as a person reads it: host and path, without the scheme or query. */
function placeOf(url: string): string {
  const { host, pathname } = new URL(url);
  return pathname === '/' ? host : `${host}${pathname}`;
}

/**
 * An access ask: what is needed, where it is granted, and "I have granted it" (§6.3), with an
 * optional reason (FR-25); Ctrl/⌘+Enter in the reason says it is granted (§6.17).
 */
export function AccessControl({ ask, submit }: { ask: AccessAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  // A verdict: the keys land on the ask, not on its button (or link), one Enter from pressing it.
  useAskCommands(ask.position, { land: () => box.current?.focus(), focusReason: () => reasonField.current?.focus() });
  return (
    <AskForm ready onSubmit={() => submit({ kind: 'access', granted: true }, reason.trim() || undefined)}>
      <div ref={box} tabIndex={-1} className="ask-control" role="group" aria-label={ask.prompt} id={id}>
        <p className="prompt">{ask.prompt}</p>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <p>
          <span className="label">{t('ask.needs')}</span> {ask.needed}
        </p>
        <a className="button-link" href={ask.grantUrl} target="_blank" rel="noopener noreferrer" aria-describedby={`${id}-where`}>
          {t('ask.openConnections')}
        </a>
        {/* Where the grant is made, before anyone follows the link; and the way out for one who will not grant it. */}
        <p className="help" id={`${id}-where`} data-testid="grant-where">
          {t('ask.grantWhere', { place: placeOf(ask.grantUrl) })}
        </p>
        <ReasonField required={false} value={reason} onChange={setReason} describes={id} fieldRef={reasonField} />
        <button type="submit" className="primary">
          {t('ask.granted')}
        </button>
      </div>
    </AskForm>
  );
}
