import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm } from './ask-form';
import { useAskCommands } from './ask-commands';
import { enterOnAsk } from './enter-on-ask';
import { GrantInPlace, type GrantTarget } from './grant-in-place';
import { useMay } from '../../../shared/session';
import type { Submit } from './submit';
import { isEvaluablePattern } from '../../../../../domain/tool-grant';
import { OptionalNote } from './optional-note';

type AccessAsk = Extract<AskState, { kind: 'access' }>;

/** The grant page as a person reads it: host and path, without the scheme or query. */
function placeOf(url: string): string {
  const { host, pathname } = new URL(url);
  return pathname === '/' ? host : `${host}${pathname}`;
}

/** The tool Cast can grant in place: one it checks (an evaluable name), for a decision with an agent. */
function grantTargetOf(ask: AccessAsk, agent: { id: string; name: string } | null): GrantTarget | null {
  const tool = ask.tool?.trim();
  return tool && agent && isEvaluablePattern(tool) ? { tool, agent } : null;
}

/**
 * An access ask: what is needed, where it is granted, and "I have granted it" (§6.3), with an
 * optional reason (FR-25); Ctrl/⌘+Enter in the reason says it is granted (§6.17). When it names
 * a tool Cast checks, the grant is offered in place to whoever may give it (issue 39 item 5).
 * Enter on the ask itself goes to its first button and says what Enter again does (item 7).
 */
export function AccessControl({ ask, submit, agent }: { ask: AccessAsk; submit: Submit; agent: { id: string; name: string } | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const grantButton = useRef<HTMLButtonElement>(null);
  const grantedButton = useRef<HTMLButtonElement>(null);
  const target = grantTargetOf(ask, agent);
  // The grant button is the ask's first action where it is drawn; otherwise "I have granted it" is.
  const offersGrant = useMay('agent.manage') && target !== null;
  const answer = () => submit({ kind: 'access', granted: true }, reason.trim() || undefined);
  // A verdict: the keys land on the ask, not on its button (or link), one Enter from pressing it.
  useAskCommands(ask.position, { land: () => box.current?.focus(), focusReason: () => reasonField.current?.focus() });
  function onEnter(event: KeyboardEvent<HTMLElement>) {
    const first = offersGrant ? grantButton : grantedButton;
    const words = offersGrant && target ? t('ask.enterGrants', { tool: target.tool, agent: target.agent.name }) : t('ask.enterGranted');
    enterOnAsk(event, first, setHint, words);
  }
  return (
    <AskForm ready onSubmit={answer}>
      <div ref={box} tabIndex={-1} className="ask-control" role="group" aria-label={ask.prompt} id={id} onKeyDown={onEnter}>
        <p className="prompt">{ask.prompt}</p>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <OptionalNote ask={ask} />
        <p>
          <span className="label">{t('ask.needs')}</span> {ask.needed}
        </p>
        {target && <GrantInPlace ref={grantButton} target={target} onGranted={answer} describedBy={id} />}
        <a className="button-link" href={ask.grantUrl} target="_blank" rel="noopener noreferrer" aria-describedby={`${id}-where`}>
          {t('ask.openConnections')}
        </a>
        {/* Where the grant is made, before anyone follows the link; and the way out for one who will not grant it. */}
        <p className="help" id={`${id}-where`} data-testid="grant-where">
          {t('ask.grantWhere', { place: placeOf(ask.grantUrl) })}
        </p>
        <ReasonField required={false} value={reason} onChange={setReason} describes={id} fieldRef={reasonField} />
        <button ref={grantedButton} type="submit" className={offersGrant ? undefined : 'primary'} onBlur={() => setHint(null)}>
          {t('ask.granted')}
        </button>
        <p className="help" role="status" data-testid="enter-hint">
          {hint}
        </p>
      </div>
    </AskForm>
  );
}
