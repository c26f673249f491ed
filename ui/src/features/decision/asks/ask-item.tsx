import { ToolCallView, type ToolCall } from './tool-call';
import { toolInputText } from '../../../../../domain/tool-input';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { AccessControl } from './access-control';
import { ActionControl } from './action-control';
import { ApprovalControl, ApprovalFacts } from './approval-control';
import { DecisionControl } from './decision-control';
import { FactControl } from './fact-control';
import type { OptionPageHref, Submit } from './submit';
import type { UndoState } from '../../../../../domain/undo';
import type { RiskFlag } from '../../../../../domain/approval';
import { ago } from '../../../shared/time';
import { AskMenu, type ClosedAs } from './ask-menu';
import { sameSentence } from './said-once';
import { AskAssignee } from '../../assignment/ask-assignee';
import { useMayAnswerHere } from '../../assignment/may-answer-here';
import { machineAnswerer, reachChannelOf } from './answered-from';
import { QuorumLine } from './quorum-line';

type Answer = NonNullable<AskState['answer']>;

/** The answer in words, as the person reads it back. */
export function describe(ask: AskState, t: TFunction, answer: Pick<Answer, 'value'> | null = ask.answer): string {
  const value = answer?.value;
  if (!value) return '';
  switch (value.kind) {
    case 'decision':
      return ask.kind === 'decision' ? value.selected.map((n) => ask.options[n - 1]?.label ?? String(n)).join(', ') : '';
    case 'approval':
      return value.decision === 'approve' ? t('ask.approved') : t('ask.rejected');
    case 'fact':
      return value.text;
    case 'access':
      return t('ask.grantedDone');
    case 'action':
      return value.note ? t('ask.doneWithNote', { note: value.note }) : t('ask.done');
  }
}

/** Who gave the answer, as the person reads it: "you", a teammate's name, a rule, or the stack's auto-default. */
function answerer(t: TFunction, answer: Answer, members: Record<string, string>, me: string | null): string {
  const machine = machineAnswerer(t, answer);
  if (machine) return machine;
  if (me !== null && answer.answeredBy === me) return t('ask.you');
  return members[answer.answeredBy] ?? answer.answeredBy;
}

/** Who answered, and from where when it reached them where they were: "Dana from an email" (issue 40 item 6). */
function answeredBy(t: TFunction, answer: Answer, who: string): string {
  const from = reachChannelOf(answer.provenance);
  return from ? t('ask.answeredFrom', { who, channel: t(`ask.from.${from}`) }) : who;
}

/**
 * §6.4 "Approved by you · 2 minutes ago" (FR-27, FR-60): a verdict — approval, access, action —
 * reads as one; a choice or a fact is named first, then who answered it and when.
 */
export function answeredLine(t: TFunction, ask: AskState, answer: Answer, who: string, permission = false): string {
  const time = ago(t, answer.answeredAt);
  const value = answer.value;
  if (value.kind === 'decision' || value.kind === 'fact') return t('ask.answeredValue', { answer: describe(ask, t, answer), who, time });
  const verdict =
    value.kind === 'approval'
      ? t(
          value.decision === 'reject'
            ? permission
              ? 'ask.denied'
              : 'ask.rejected'
            : value.always
              ? 'ask.approvedAlways'
              : value.editedInput
                ? 'ask.approvedEdited'
                : 'ask.approved',
        )
      : value.kind === 'access'
        ? t('ask.grantedDone')
        : t('ask.done');
  return t('ask.answeredVerdict', { verdict, who, time });
}

/**
 * Issue 38 item 10: the channel the answer came through and the start of the digest of what it
 * approved (the whole digest in its title, for an audit to compare).
 */
function ProvenanceLine({ provenance }: { provenance: NonNullable<Answer['provenance']> }) {
  const { t } = useTranslation();
  const digest = provenance.inputDigest.replace(/^sha256:/, '');
  return (
    <p
      className="help provenance"
      data-testid="answer-provenance"
      data-channel={provenance.channel ?? 'none'}
      data-digest={provenance.inputDigest}
      title={t('ask.provenanceTitle', { digest })}
    >
      {t('ask.provenance', { channel: t(`ask.channel.${provenance.channel ?? 'none'}`), digest: digest.slice(0, 12) })}
    </p>
  );
}

/** The call an answer approved: the person's edit of it when they edited it (issue 43 item 6), else the proposal. */
function approvedCall(answer: Answer, command: ToolCall | null): ToolCall | null {
  const edited = answer.value.kind === 'approval' ? answer.value.editedInput : undefined;
  if (!command || !edited) return command;
  return { ...command, input: edited, text: toolInputText(edited) ?? command.text };
}

/** What the ask's menu needs: Undo's state, who is told, and the run the answer reached. */
export type AskMenuFacts = { undo: UndoState | undefined; agent: string; runId: string | null; onUndo: () => void; closedAs?: ClosedAs };

/** One ask: its control while open, its answer (who, and the reason) once answered. */
export function AskItem({
  ask,
  members,
  me,
  open,
  submit,
  menu,
  optionPage,
  riskFlags = null,
  command = null,
  title = null,
  agent = null,
  alwaysRule = null,
}: {
  ask: AskState;
  members: Record<string, string>;
  /** The signed-in member: their own answers read "by you". */
  me: string | null;
  open: boolean;
  submit: Submit;
  menu: AskMenuFacts;
  /** Where an option of this ask has its own page, if it has one. */
  optionPage: OptionPageHref;
  /** The approval record's risk flags, when this is its derived ask: the catalogue words them. */
  riskFlags?: RiskFlag[] | null;
  /** A permission card's tool call, whole: its approval ask shows it as code. */
  command?: ToolCall | null;
  /** The decision's title: a prompt or an action that repeats it is not said again (issue 39 item 4). */
  title?: string | null;
  /** The decision's agent: an access ask naming a tool offers to grant it to them. */
  agent?: { id: string; name: string } | null;
  /** The rule "Approve, and always" would leave in Cast (issue 42 item 4), by its name; null when none can be made. */
  alwaysRule?: string | null;
}) {
  const { t } = useTranslation();
  // A role without decision.answer, or someone the workspace does not let answer this one (issue
  // 41 item 2), reads an open ask as a closed one: its question, no control.
  const mayAnswer = useMayAnswerHere(ask.position);
  if (ask.answer) {
    const answer = ask.answer;
    const note = answer.value.kind === 'action' ? answer.value.note : undefined;
    return (
      // Focusable from script: an answer leaves focus here, on what was recorded, not on the page body.
      <li className="ask answered" tabIndex={-1} data-testid="answered-ask" data-ask={ask.position} data-answered-at={answer.answeredAt}>
        {!(ask.kind === 'approval' && sameSentence(ask.prompt, title)) && <p className="prompt">{ask.prompt}</p>}
        <p data-testid="answered-line">
          {answeredLine(t, ask, answer, answeredBy(t, answer, answerer(t, answer, members, me)), command !== null)}
          {answer.verification === 'self_reported' ? ` · ${t('ask.selfReported')}` : ''}
        </p>
        {answer.provenance && <ProvenanceLine provenance={answer.provenance} />}
        {note && <p className="answer-note">{note}</p>}
        {answer.reason && <blockquote>{answer.reason}</blockquote>}
        {/* Issue 38 item 9: what was approved stays on the card once answered — the command, a Write's content, an Edit's diff. */}
        {ask.kind === 'approval' && <ApprovalFacts ask={ask} riskFlags={riskFlags} command={approvedCall(answer, command)} title={title} />}
        {/* Issue 43 item 6: an edited call keeps its proposal beside it. */}
        {approvedCall(answer, command) !== command && command && (
          <details className="as-proposed" data-testid="as-proposed">
            <summary>{t('ask.asProposed')}</summary>
            <ToolCallView call={command} />
          </details>
        )}
        {ask.kind === 'approval' && ask.quorum && <QuorumLine quorum={ask.quorum} members={members} me={me} />}
        <AskMenu
          undo={menu.undo}
          agent={menu.agent}
          runId={menu.runId}
          answerText={describe(ask, t)}
          onUndo={menu.onUndo}
          closedAs={menu.closedAs}
        />
      </li>
    );
  }
  const withdrawn = ask.withdrawnAnswers?.at(-1);
  // Issue 41: on an ask that needs several people, an approval taken back is one person's; the
  // agent heard of it only if it had answered the ask, so the card says only who took it back.
  const approvalTakenBack =
    ask.kind === 'approval' && ask.quorum && withdrawn?.value.kind === 'approval' && withdrawn.value.decision === 'approve';
  // §6.4 "After an undo": the ask is open again, with what was withdrawn and that the agent knows.
  const banner = approvalTakenBack ? (
    <div className="withdrawn" data-testid="withdrawn">
      <p>
        {t('quorum.tookBack', {
          who: me !== null && withdrawn.withdrawnBy === me ? t('ask.you') : (members[withdrawn.withdrawnBy] ?? withdrawn.withdrawnBy),
          time: ago(t, withdrawn.withdrawnAt),
        })}
      </p>
    </div>
  ) : (
    withdrawn && (
      <div className="withdrawn" data-testid="withdrawn">
        <span className="tag">{t('undo.withdrawnTag')}</span>
        <p>{t('undo.withdrawnBanner', { time: ago(t, withdrawn.withdrawnAt), agent: menu.agent })}</p>
        <p>
          {withdrawn.reason
            ? t('undo.previousAnswerWithReason', { answer: describe(ask, t, withdrawn), reason: withdrawn.reason })
            : t('undo.previousAnswer', { answer: describe(ask, t, withdrawn) })}
        </p>
      </div>
    )
  );
  // Issue 41 item 1: an ask addressed to someone of its own says whom, open or read-only.
  const whom = open && <AskAssignee position={ask.position} />;
  // Closed unanswered (archived), or not this person's to answer: an approval still says what it would do and what it risks, read-only.
  if (!open || !mayAnswer)
    return (
      <li className="ask" tabIndex={-1} data-ask={ask.position}>
        {whom}
        {!(ask.kind === 'approval' && sameSentence(ask.prompt, title)) && <p className="prompt">{ask.prompt}</p>}
        {ask.kind === 'approval' && <ApprovalFacts ask={ask} riskFlags={riskFlags} command={command} title={title} />}
        {ask.kind === 'approval' && ask.quorum && <QuorumLine quorum={ask.quorum} members={members} me={me} />}
        {banner}
      </li>
    );
  return (
    // Focusable from script: after an undo focus returns here, not into the emptied field.
    <li className="ask" tabIndex={-1} data-ask={ask.position} data-open="true" data-kind={ask.kind}>
      {whom}
      {banner}
      {ask.kind === 'decision' && <DecisionControl ask={ask} submit={submit} optionPage={optionPage} />}
      {ask.kind === 'approval' && (
        <ApprovalControl
          ask={ask}
          submit={submit}
          riskFlags={riskFlags}
          command={command}
          title={title}
          people={{ members, me, onTakeBack: menu.onUndo }}
          alwaysRule={alwaysRule}
        />
      )}
      {ask.kind === 'fact' && <FactControl ask={ask} submit={submit} />}
      {ask.kind === 'access' && <AccessControl ask={ask} submit={submit} agent={agent} />}
      {ask.kind === 'action' && <ActionControl ask={ask} submit={submit} />}
    </li>
  );
}
