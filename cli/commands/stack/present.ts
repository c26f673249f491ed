/** How a stack reads on the command line: its policy, a list row, the checklist, and --json. */
import { byStackDefault } from '../../../domain/automatic-answer';
import type { DecisionView } from '../../../domain/decision';
import type { StackView } from '../../../domain/stack';
import { bold, dim } from '../../output';
import { formatDuration } from '../../../domain/duration';
import { formatLocal } from '../../when';
import { answerOf } from '../decide/present';

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

/** `due Fri 4 Dec 23:59 (local) — overdue, auto-default after 24h` */
export function policyLine(stack: StackView, now: Date): string {
  const due = stack.dueAt ? `due ${formatLocal(new Date(stack.dueAt), now)}${stack.overdue ? ' — overdue' : ''}` : 'no due date';
  const auto = stack.autoDefaultMs === null ? 'no auto-default' : `auto-default after ${formatDuration(stack.autoDefaultMs)}`;
  return `${due}, ${auto}`;
}

/** Said whenever an auto-default is set, so nobody expects it to touch a blocking decision. */
export function autoDefaultNote(stack: StackView): string[] {
  if (stack.autoDefaultMs === null) return [];
  const after = formatDuration(stack.autoDefaultMs);
  return [dim(`Each advisory member takes its declared default ${after} after it joined; blocking members never do.`)];
}

const resolvedCount = (stack: StackView) => stack.members.filter((member) => !member.open).length;

/** `ds-7 Launch checklist — open, 1 of 3 resolved` */
export function headline(stack: StackView): string {
  return `${bold(stack.id)} ${stack.title} — ${stack.status}, ${resolvedCount(stack)} of ${stack.members.length} resolved`;
}

/** When a member's auto-default is due: from when it joined, while the policy is set. */
export function autoDefaultAt(stack: StackView, decisionId: string): string | null {
  const member = stack.members.find((candidate) => candidate.decisionId === decisionId);
  if (!member || stack.autoDefaultMs === null) return null;
  return new Date(Date.parse(member.joinedAt) + stack.autoDefaultMs).toISOString();
}

export function stackJson(stack: StackView) {
  return {
    id: stack.id,
    title: stack.title,
    state: stack.status,
    due: stack.dueAt,
    overdue: stack.overdue,
    autoDefault: stack.autoDefaultMs === null ? null : formatDuration(stack.autoDefaultMs),
    autoDefaultSeconds: seconds(stack.autoDefaultMs),
    members: stack.members.map((member, index) => ({
      id: member.decisionId,
      position: index + 1,
      open: member.open,
      joinedAt: member.joinedAt,
    })),
    resolved: resolvedCount(stack),
    createdAt: stack.createdAt,
    closedAt: stack.closedAt,
  };
}

function automatic(decision: DecisionView): boolean {
  // A rule's answer is automatic too (issue 42), but not the stack's default.
  return decision.asks.some((ask) => ask.kind === 'decision' && byStackDefault(ask.answer));
}

/** One member as the checklist shows it; a member the read model has not caught up with shows its id only. */
export function memberJson(stack: StackView, decisionId: string, decision: DecisionView | undefined) {
  const base = stackJson(stack).members.find((member) => member.id === decisionId)!;
  if (!decision)
    return {
      ...base,
      state: base.open ? 'open' : 'closed',
      question: null,
      mode: null,
      default: null,
      answer: null,
      automatic: false,
      autoDefaultAt: null,
    };
  const advisoryOpen = decision.status === 'open' && decision.mode === 'advisory';
  return {
    ...base,
    state: decision.status,
    question: decision.question,
    mode: decision.mode,
    default: decision.defaultOption,
    answer: answerOf(decision),
    automatic: automatic(decision),
    autoDefaultAt: advisoryOpen && decision.defaultOption ? autoDefaultAt(stack, decisionId) : null,
  };
}

export function checklistJson(stack: StackView, decisions: DecisionView[]) {
  const byId = new Map(decisions.map((decision) => [decision.id, decision]));
  return { ...stackJson(stack), members: stack.members.map((member) => memberJson(stack, member.decisionId, byId.get(member.decisionId))) };
}

const BOX: Record<string, string> = { open: '[ ]', resolved: '[x]', withdrawn: '[-]', archived: '[-]', closed: '[x]' };

/** The checklist: each member in order with its box, id, question and where it stands. */
export function checklistLines(stack: StackView, decisions: DecisionView[], now: Date): string[] {
  const lines = [headline(stack), `Policy: ${policyLine(stack, now)}`];
  const members = checklistJson(stack, decisions).members;
  if (members.length === 0) lines.push(`  (empty: file into it with cast decide "…" -o … --context … --stack ${stack.id})`);
  for (const member of members) {
    lines.push(
      `  ${member.position}. ${BOX[member.state] ?? '[?]'} ${bold(member.id)} ${member.question ?? ''} — ${memberState(member, now)}`,
    );
  }
  return lines;
}

function memberState(member: ReturnType<typeof memberJson>, now: Date): string {
  if (member.state === 'resolved') {
    return `answered: ${member.answer ? `${member.answer.n}. ${member.answer.label}` : 'all asks'}${member.automatic ? ' (auto-default)' : ''}`;
  }
  if (member.state !== 'open') return member.state;
  if (member.mode !== 'advisory') return 'open, blocking';
  const takes = member.autoDefaultAt
    ? Date.parse(member.autoDefaultAt) <= now.getTime()
      ? `, its default is due now`
      : `, takes its default at ${formatLocal(new Date(member.autoDefaultAt), now)}`
    : '';
  return `open, advisory (default ${member.default})${takes}`;
}

/** One row of `cast stack ls`. */
export function listLine(stack: StackView, now: Date): string {
  return `${headline(stack)}; ${policyLine(stack, now)}`;
}
