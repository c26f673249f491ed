/**
 * A decision as one Slack message (issue 40 item 4): its question and context, and for each ask
 * its prompt and either buttons that answer it (a single choice of up to 25 options, an approval,
 * a host's permission prompt) or, for every other kind, a link to answer it in Cast. An answered
 * ask says by whom and where; a decision that takes no more answers has no buttons at all. Agent
 * text is sent as `plain_text`, never as markup (DESIGN §8). Pure: the same decision renders alike
 * for the first post and every update.
 */
import { decisionPagePath } from '../domain/answer-link';
import { describeAnswer } from '../domain/ask';
import { machineAnswerer } from '../domain/automatic-answer';
import { channelPhrase } from '../domain/channel-words';
import type { AskState, DecisionView } from '../domain/decision';
import { encodeActionValue, type SlackAnswerValue } from './action-value';
import { BLOCK_KIT_LIMITS as LIMIT, cut, plain, type Block, type Button, type SlackMessage } from './block-kit';

export type DecisionMessageInput = {
  workspaceId: string;
  decision: Pick<DecisionView, 'id' | 'question' | 'context' | 'status' | 'asks' | 'source' | 'revision' | 'mode'>;
  /** CAST_PUBLIC_URL: the base of "Open in Cast"; without it the message names the decision's id instead. */
  publicUrl?: string | undefined;
  /** Members' names by id, for "Answered by Dana". */
  names: Readonly<Record<string, string>>;
  /** Why an open decision's host stopped waiting, when it did (a `decision.expired` event). */
  expired?: boolean;
};

/** Whether Slack can answer the ask with a button: a single choice, an approval (a permission prompt's too). */
export function answersWithButtons(ask: AskState): boolean {
  if (ask.kind === 'approval') return true;
  return ask.kind === 'decision' && !ask.multiple && ask.options.length <= LIMIT.elementsPerActions;
}

export function decisionMessage(input: DecisionMessageInput): SlackMessage {
  const { decision } = input;
  const open = decision.status === 'open';
  const url = input.publicUrl ? `${input.publicUrl.replace(/\/+$/, '')}${decisionPagePath(decision.id)}` : null;
  const blocks: Block[] = [{ type: 'header', text: plain(decision.question, LIMIT.headerText) }];
  const lead = `${decision.mode === 'blocking' ? 'An agent is waiting on this' : 'An agent asks'} · ${decision.id}`;
  blocks.push({ type: 'context', elements: [plain(lead, LIMIT.contextText)] });
  if (decision.context) blocks.push({ type: 'section', text: plain(decision.context, LIMIT.sectionText) });
  for (const ask of decision.asks) {
    if (decision.asks.length > 1 || ask.prompt !== decision.question) {
      blocks.push({ type: 'section', text: plain(ask.prompt, LIMIT.sectionText) });
    }
    const said = answeredLine(ask, input.names);
    if (said) blocks.push({ type: 'context', elements: [plain(said, LIMIT.contextText)] });
    else if (open && ask.status === 'open') {
      const buttons = answersWithButtons(ask) ? answerButtons(input, ask) : [];
      if (buttons.length > 0) blocks.push({ type: 'actions', block_id: `ask-${ask.position}`, elements: buttons });
      else
        blocks.push({ type: 'context', elements: [plain(`Answer this one in Cast${url ? '' : ` (${decision.id})`}.`, LIMIT.contextText)] });
    }
  }
  const ending = endingLine(input);
  if (ending) blocks.push({ type: 'context', elements: [plain(ending, LIMIT.contextText)] });
  if (url) {
    blocks.push({
      type: 'actions',
      block_id: 'open',
      elements: [{ type: 'button', text: plain('Open in Cast', LIMIT.buttonText), action_id: 'cast-open', url }],
    });
  }
  return {
    text: cut(`${open ? 'Cast needs you' : 'Cast'}: ${decision.question}`, LIMIT.messageText),
    blocks: blocks.slice(0, LIMIT.blocksPerMessage),
  };
}

function answerButtons(input: DecisionMessageInput, ask: AskState): Button[] {
  const base = { t: 'answer' as const, w: input.workspaceId, d: input.decision.id, a: ask.position, r: input.decision.revision };
  const button = (label: string, answer: { o: number } | { x: 'approve' | 'reject' }, style?: Button['style']): Button => {
    const value: SlackAnswerValue = { ...base, ...answer };
    const key = 'o' in answer ? `o${answer.o}` : answer.x;
    return {
      type: 'button',
      text: plain(label, LIMIT.buttonText),
      action_id: `cast-answer-${ask.position}-${key}`,
      value: encodeActionValue(value),
      ...(style ? { style } : {}),
    };
  };
  if (ask.kind === 'approval') {
    const permission = input.decision.source?.kind === 'permission';
    return [
      button(permission ? 'Allow' : 'Approve', { x: 'approve' }, 'primary'),
      button(permission ? 'Deny' : 'Reject', { x: 'reject' }, 'danger'),
    ];
  }
  if (ask.kind !== 'decision') return [];
  return ask.options.map((option, index) => button(option.label, { o: index + 1 }, option.recommended ? 'primary' : undefined));
}

/** "Answered by Dana from an email: Pro", or null while the ask is open. */
export function answeredLine(ask: AskState, names: Readonly<Record<string, string>>): string | null {
  if (ask.status === 'withdrawn') return 'Withdrawn.';
  if (ask.status === 'superseded') return 'No longer asked.';
  const answer = ask.answer;
  if (!answer) return null;
  const what = describeAnswer(ask, answer.value);
  // Issue 42: the machine's answer names its source — a rule at its revision, or the stack's auto-default.
  const machine = machineAnswerer(answer);
  if (machine) return `Answered by ${machine.charAt(0).toLowerCase()}${machine.slice(1)}: ${what}`;
  const who = names[answer.answeredBy] ?? 'a teammate';
  const where = channelPhrase(answer.provenance?.channel);
  return `Answered by ${who}${where ? ` ${where}` : ''}: ${what}`;
}

function endingLine(input: DecisionMessageInput): string | null {
  switch (input.decision.status) {
    case 'resolved':
      return 'Resolved: every ask is answered.';
    case 'withdrawn':
      return input.expired
        ? 'Nobody answered in time: the agent stopped waiting. Nothing to answer here.'
        : 'The agent withdrew this decision. Nothing to answer here.';
    case 'archived':
      return 'Archived in Cast. Nothing to answer here.';
    default:
      return null;
  }
}
