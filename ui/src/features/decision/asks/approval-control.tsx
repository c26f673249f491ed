import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '../../../../../domain/approval';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm } from './ask-form';
import { focusSoon, useAskCommands } from './ask-commands';
import type { Submit } from './submit';
import { sameSentence } from './said-once';
import { ToolCallView, type ToolCall } from './tool-call';
import { OptionalNote } from './optional-note';
import { approveBlockedText, QuorumLine } from './quorum-line';
import { EditCall } from './edit-call';

/** Who is looking, and the names the card says (issue 41): for an ask that needs several approvers. */
export type QuorumFacts = { members: Record<string, string>; me: string | null; onTakeBack: () => void };

type ApprovalAsk = Extract<AskState, { kind: 'approval' }>;

/**
 * An approval ask: the action and its risks, Approve or Reject; a rejection needs a reason (§6.3,
 * FR-24), an approval may carry one (FR-25) — the same field, optional under the buttons until
 * Reject makes it required. A permission card renders "the real Approve and Deny controls"
 * (cast-decide "Permission prompts in the same queue"): Deny, like Approve, answers at once, with
 * the reason optional, so y and n each answer it. An approval record's risks are its flags, worded by the catalogue (FR-63); an
 * agent's own approval ask says its risks in its own words.
 * A permission card's ACTION is the tool input the host sent, whole (tool-call.tsx): a command, a
 * Write's content, an Edit's diff.
 * Enter on a button presses it (§6.17); Ctrl/⌘+Enter in the reason confirms a rejection. Approving
 * never follows from a focus move: the keys land on the ask itself, not on Approve, and Enter in the
 * reason only says how to approve — y, or the button.
 */
export function ApprovalControl({
  ask,
  submit,
  riskFlags = null,
  command = null,
  title = null,
  people = null,
  alwaysRule = null,
}: {
  ask: ApprovalAsk;
  submit: Submit;
  riskFlags?: RiskFlag[] | null;
  /** A permission card's tool call: shown as the ACTION, in code blocks. */
  command?: ToolCall | null;
  /** The decision's title: a prompt that repeats it is left to screen readers (issue 39 item 4). */
  title?: string | null;
  /** Who is looking and the members' names, for an ask that needs several approvers (issue 41). */
  people?: QuorumFacts | null;
  /** The rule "always" leaves in Cast (issue 42 item 4), by its name; null when Cast cannot keep it. */
  alwaysRule?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Issue 41: the asker barred from approving, or one who approved already, is told before they try.
  const blocked = approveBlockedText(t, ask.quorum, people?.me ?? null);
  const mine = people?.me != null && ask.quorum?.approvals.some((approval) => approval.by === people.me);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [hint, setHint] = useState(false);
  const rejection = reason.trim();
  const box = useRef<HTMLFieldSetElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const approve = () => (blocked ? setHint(true) : submit({ kind: 'approval', decision: 'approve' }, reason.trim() || undefined));
  const approveAlways = () => submit({ kind: 'approval', decision: 'approve', always: true }, reason.trim() || undefined);
  // Only a permission card carries its host's tool call.
  const permission = command !== null;
  const deny = () => submit({ kind: 'approval', decision: 'reject' }, reason.trim() || undefined);
  const keeps = command?.alwaysAllows ?? [];
  // Issue 43 item 6: only where the host runs an edited call, and only one person approves it.
  const editable = command?.editable === true && command.input !== null && (ask.quorum?.required ?? 1) <= 1;
  const approveEdited = (editedInput: Record<string, unknown>) =>
    submit({ kind: 'approval', decision: 'approve', editedInput }, reason.trim() || undefined);
  // The required reason opens with focus in it, from the button or from n.
  const startRejecting = () => {
    setRejecting(true);
    focusSoon(() => reasonField.current);
  };
  useAskCommands(ask.position, {
    land: () => box.current?.focus(),
    approve,
    reject: permission ? deny : startRejecting,
    focusReason: () => reasonField.current?.focus(),
  });
  return (
    <AskForm
      ready={rejecting && rejection !== ''}
      onSubmit={() => submit({ kind: 'approval', decision: 'reject' }, rejection)}
      whenNotReady={() => (rejecting ? reasonField.current?.focus() : setHint(true))}
    >
      <fieldset id={id} ref={box} tabIndex={-1} aria-describedby={rejecting ? `${id}-reason` : undefined}>
        <legend className={sameSentence(ask.prompt, title) ? 'visually-hidden' : undefined}>{ask.prompt}</legend>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <OptionalNote ask={ask} />
        <ApprovalFacts ask={ask} riskFlags={riskFlags} command={command} title={title} />
        {ask.quorum && <QuorumLine quorum={ask.quorum} members={people?.members ?? {}} me={people?.me ?? null} />}
        {blocked && (
          <p className="help" id={`${id}-blocked`} data-testid="approve-blocked">
            {blocked}
          </p>
        )}
        {rejecting ? (
          <>
            <ReasonField required value={reason} onChange={setReason} describes={id} fieldRef={reasonField} />
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
                onClick={approve}
                disabled={blocked !== null}
                aria-describedby={blocked ? `${id}-blocked` : undefined}
              >
                {t('ask.approve')}
              </button>
              {permission ? (
                <button type="button" className="danger" data-answer="reject" onClick={deny}>
                  {t('ask.deny')}
                </button>
              ) : (
                <button type="button" className="danger" data-answer="reject" onClick={startRejecting}>
                  {t('ask.reject')}
                </button>
              )}
            </div>
            {mine && people && (
              <button type="button" className="quiet" data-testid="take-back-approval" onClick={people.onTakeBack}>
                {t('quorum.takeBack')}
              </button>
            )}
            {editable && !blocked && <EditCall input={command.input!} onApprove={approveEdited} />}
            {(keeps.length > 0 || alwaysRule) && !blocked && (
              <AlwaysAllow rules={keeps} castRule={alwaysRule} permission={permission} onApprove={approveAlways} />
            )}
            <ReasonField required={false} value={reason} onChange={setReason} describes={id} fieldRef={reasonField} sendHint={false} />
            {hint && !blocked && (
              <p className="help" role="status" data-testid="approve-hint">
                {t('ask.approveHint')}
              </p>
            )}
          </>
        )}
      </fieldset>
    </AskForm>
  );
}

/**
 * "Approve, and always" (issue 31 item 9, issue 42 item 4): the button, the rules the card's host
 * keeps in its own settings, and the rule Cast keeps for every machine and host, so the person
 * sees how far "always" reaches before pressing it.
 */
function AlwaysAllow({
  rules,
  castRule,
  permission,
  onApprove,
}: {
  rules: string[];
  castRule: string | null;
  permission: boolean;
  onApprove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="always-allow">
      <button type="button" data-answer="approve-always" aria-describedby={id} onClick={onApprove}>
        {permission ? t('ask.approveAlways') : t('ask.approveAlwaysThis')}
      </button>
      <div id={id} className="help">
        {rules.length > 0 && (
          <>
            <p>{t('ask.alwaysKeeps', { count: rules.length })}</p>
            <ul data-testid="always-rules">
              {rules.map((rule) => (
                <li key={rule}>
                  <code>{rule}</code>
                </li>
              ))}
            </ul>
          </>
        )}
        {castRule && <p data-testid="always-cast-rule">{t('ask.alwaysCastKeeps', { rule: castRule })}</p>}
      </div>
    </div>
  );
}

/**
 * The action an approval ask proposes and its risks: above its controls while it is open, and
 * on their own, read-only, once its decision is set aside (archived) unanswered.
 */
export function ApprovalFacts({
  ask,
  riskFlags = null,
  command = null,
  title = null,
}: {
  ask: ApprovalAsk;
  riskFlags?: RiskFlag[] | null;
  command?: ToolCall | null;
  title?: string | null;
}) {
  const { t } = useTranslation();
  // An action that only repeats the prompt or the title is said once, there (issue 39 item 4).
  const repeats = sameSentence(ask.action.summary, ask.prompt) || sameSentence(ask.action.summary, title);
  const risks = riskFlags ? riskFlags.map((flag) => t(`risks.${flag}`)) : ask.risks;
  return (
    <>
      {command !== null ? (
        <ToolCallView call={command} />
      ) : (
        !repeats && (
          <p data-testid="approval-action">
            <span className="label">{t('ask.action')}</span> {ask.action.summary}
          </p>
        )
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
    </>
  );
}
