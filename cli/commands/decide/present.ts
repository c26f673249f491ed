/** How a decision reads on the command line: the card after a post, a list row, an answer. */
import type { DecisionView } from '../../../domain/decision';
import { composeAnswerMessage } from '../../../domain/answer-message';
import { describeAnswer } from '../../../domain/ask';
import type { FilingCard } from '../../../domain/decision-view-schema';
import { bold, dim } from '../../output';

function decisionAskOf(decision: DecisionView) {
  const ask = decision.asks.find((candidate) => candidate.kind === 'decision');
  return ask?.kind === 'decision' ? ask : null;
}

export function optionsOf(decision: DecisionView) {
  return (decisionAskOf(decision)?.options ?? []).map((option, index) => ({
    n: index + 1,
    label: option.label,
    consequence: option.consequence ?? null,
  }));
}

/** The option chosen on its decision ask, if it was answered. */
export function answerOf(decision: DecisionView): { n: number; label: string } | null {
  const ask = decisionAskOf(decision);
  const value = ask?.answer?.value;
  if (!ask || value?.kind !== 'decision') return null;
  const n = value.selected[0]!;
  return { n, label: ask.options[n - 1]?.label ?? `option ${n}` };
}

/** The card as the CLI shows it: an edit has no filing card from the server, so no page link either. */
type ShownCard = Omit<FilingCard, 'url'> & { url?: string };

export function cardJson(decision: DecisionView, card: ShownCard) {
  return {
    id: decision.id,
    state: decision.status,
    mode: decision.mode,
    question: decision.question,
    options: optionsOf(decision),
    default: decision.defaultOption,
    notes: card.notes,
    openEarlier: card.openInSession.map(({ id, question, askedAgo, messagesSince }) => ({ id, question, askedAgo, messagesSince })),
    ...(card.url ? { url: card.url } : {}),
  };
}

export function cardLines(decision: DecisionView, card: ShownCard, headline: string): string[] {
  const lines = [`${bold(decision.id)} ${headline}: ${decision.question}`];
  for (const option of optionsOf(decision)) {
    lines.push(`  ${option.n}. ${option.label}${option.consequence ? dim(` — ${option.consequence}`) : ''}`);
  }
  if (decision.mode === 'advisory') {
    lines.push(`Advisory: keep working on option ${decision.defaultOption}; the answer may still override it.`);
  } else {
    lines.push('Blocking: end your turn now. The answer arrives as a message.');
  }
  // The server's link (CAST_PUBLIC_URL), not the CLI's own address: an agent may reach Cast by a name people cannot.
  if (card.url) lines.push(`A person answers it at ${card.url}`);
  for (const note of card.notes) lines.push(`Note: ${note}`);
  if (card.openInSession.length > 0) {
    lines.push('Still open in this session:');
    for (const open of card.openInSession) lines.push(`  ${open.id}: ${open.question} — ${open.line}${open.stale ? ' (stale)' : ''}`);
  }
  if (card.staleHint) lines.push(card.staleHint);
  return lines;
}

/** `answer` and `wait` print the same object. */
export function outcomeJson(decision: DecisionView) {
  return {
    id: decision.id,
    state: decision.status,
    answer: answerOf(decision),
    // An approval's y / n (issue 31 item 4): said only where the decision asks for one.
    ...(approvalAskOf(decision) ? { verdict: verdictOf(decision) } : {}),
    answeredBy: (decisionAskOf(decision) ?? approvalAskOf(decision))?.answer?.answeredBy ?? null,
    // Issue 41: an approval that needs several people says how many have approved.
    ...(approvalCount(decision) ? { approvals: approvalCount(decision) } : {}),
    message: decision.status === 'resolved' ? composeAnswerMessage(decision) : null,
  };
}

/** How many have approved an approval ask that needs several people, and how many it needs (issue 41 item 3). */
export function approvalCount(decision: DecisionView): { count: number; required: number; by: string[] } | null {
  const quorum = approvalAskOf(decision)?.quorum;
  if (!quorum || quorum.required <= 1) return null;
  return { count: quorum.approvals.length, required: quorum.required, by: quorum.approvals.map((approval) => approval.by) };
}

/** "approved by 1 of 2", for `ls` and `answer`; null when the decision needs one approver. */
export function approvalCountWords(decision: DecisionView): string | null {
  const count = approvalCount(decision);
  return count ? `approved by ${count.count} of ${count.required}` : null;
}

/**
 * The answers in one line, for `ls`: every answered ask in its own words (a fact's value, an
 * action's note, …), so no kind reads "no answer" (issue 39 item 11); with several asks each
 * is numbered. An option keeps its number, so `cast decide answer` can be read off it.
 */
export function answerLine(decision: DecisionView): string {
  const answered = decision.asks.filter((ask) => ask.answer);
  if (answered.length === 0) return 'no answer';
  const parts = answered.map((ask) => `${askAnswerWords(ask)}${reasonPart(ask.answer!.reason)}`);
  if (decision.asks.length === 1) return parts[0]!;
  return parts.map((part, index) => `ask ${answered[index]!.position}: ${part}`).join('; ');
}

type AnsweredAsk = DecisionView['asks'][number];

function askAnswerWords(ask: AnsweredAsk): string {
  const value = ask.answer!.value;
  if (value.kind === 'approval') return value.decision === 'approve' ? 'approved' : 'rejected';
  if (ask.kind === 'decision' && value.kind === 'decision' && value.selected.length === 1) {
    const n = value.selected[0]!;
    return `${n}. ${ask.options[n - 1]?.label ?? `option ${n}`}`;
  }
  // A multi-line fact reads as one line here; --json keeps it whole.
  return describeAnswer(ask, value).replace(/\s*\n\s*/g, ' ');
}

/** Every answered ask for --json: its position, kind, answer in words and reason. */
export function answersJson(decision: DecisionView) {
  return decision.asks
    .filter((ask) => ask.answer)
    .map((ask) => ({
      ask: ask.position,
      kind: ask.kind,
      text: describeAnswer(ask, ask.answer!.value),
      reason: ask.answer!.reason ?? null,
    }));
}

const reasonPart = (reason: string | undefined | null) => (reason ? ` (reason: ${reason})` : '');

/** An approval ask (a permission card's y / n, an agent's own approval) as the first ask. */
export function approvalAskOf(decision: DecisionView) {
  const ask = decision.asks[0];
  return ask?.kind === 'approval' ? ask : null;
}

/** Approved or rejected, once its approval ask is answered. */
function verdictOf(decision: DecisionView): 'approve' | 'reject' | null {
  const value = approvalAskOf(decision)?.answer?.value;
  return value?.kind === 'approval' ? value.decision : null;
}
