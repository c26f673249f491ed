/**
 * A filed decision as rules see it: the one mapping from a decision's state to a `RuleRequest`,
 * used by `POST /rules/test` over past decisions and meant for the filing service, which holds
 * the same state before its workflow starts. An ask's approved input is provenance's own
 * (`approvedInput`), so the outcome's digest is the one an automatic answer records.
 */
import type { ForMe } from '../assignment';
import type { DecisionSnapshot } from '../decision-view-schema';
import { approvedInput } from '../provenance';
import type { RuleAsk, RuleRequest } from './rule-request';

type State = Pick<DecisionSnapshot, 'question' | 'context' | 'asks' | 'source' | 'workspaceId'>;

/** Where the decision came from, beside its state: what the decisions row keeps. */
export type FilingFacts = {
  now: string;
  principal: RuleRequest['principal'];
  agentId: string | null;
  sessionId: string | null;
  project: string | null;
  cluster: string | null;
  /** The decision's assignee key ('' for nobody); an ask addressed to someone else uses its own. */
  assigneeKey: string;
  authors: Readonly<Record<string, ForMe>>;
};

/** `@mb_…` / `team:tm_…` as the assignee key the queue keys "For me" by. */
function keyOf(to: string): string {
  return to.startsWith('@') ? to.slice(1) : to.replace(/^team:/, '');
}

export function ruleAsksOf(state: State, assigneeKey: string): RuleAsk[] {
  const source = state.source;
  const tool =
    source?.kind === 'permission'
      ? {
          name: source.tool ?? 'tool',
          input: (source.toolInput as Record<string, unknown> | null | undefined) ?? null,
          summary: state.context,
        }
      : null;
  return state.asks.map((ask, index) => {
    const position = index + 1;
    return {
      position,
      kind: ask.kind,
      optionCount: ask.kind === 'decision' ? ask.options.length : 0,
      tool,
      approval: ask.kind === 'approval' ? { action: ask.action.kind, risks: ask.risks } : null,
      assigneeKey: ask.to ? keyOf(ask.to) : assigneeKey,
      approvedInput: approvedInput(state, position).input,
    };
  });
}

export function requestFromSnapshot(state: State, facts: FilingFacts): RuleRequest {
  const { assigneeKey, ...rest } = facts;
  return { workspaceId: state.workspaceId, ...rest, asks: ruleAsksOf(state, assigneeKey) };
}
