/**
 * A refusal in the catalogue's words (FR-63): Cast sends a stable `code` and the values behind
 * it (the problem's own members); the sentence is `problems.<code>` in ui/src/i18n/en.ts. Where
 * the refusal carries the values a fuller sentence needs, the `<code>_<context>` entry says it;
 * otherwise the plain entry, which has no slot to leave empty. The server's `detail` is for API
 * clients and agents, and is never shown here.
 */
import type { TFunction } from 'i18next';
import type { Problem } from '../../../domain/problem';
import { isErrorCode, type ErrorCode } from '../../../domain/errors';

type Fields = Record<string, unknown>;
/** The entry's context and the values it fills in, or nothing for the plain entry. */
type Wording = { context?: string; values?: Record<string, string | number> };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The named numbers of the problem, or null when one is missing. */
function numbers(problem: Fields, ...names: string[]): Record<string, number> | null {
  const values: Record<string, number> = {};
  for (const name of names) {
    const value = problem[name];
    if (!isNumber(value)) return null;
    values[name] = value;
  }
  return values;
}

/** The context, when the problem has every number it needs. */
function withNumbers(context: string, problem: Fields, ...names: string[]): Wording {
  const values = numbers(problem, ...names);
  return values ? { context, values } : {};
}

/** "sd-1 (ds-2), sd-3 (ds-2)" from `{ decision, stack }` pairs, or "sd-1, sd-3" from ids. */
function listed(items: unknown[]): { context: string; listed: string } | null {
  const pairs = items.filter((item): item is { decision: string; stack: string } => typeof item === 'object' && item !== null);
  if (pairs.length === items.length && pairs.length > 0) {
    return { context: 'elsewhere', listed: pairs.map((pair) => `${pair.decision} (${pair.stack})`).join(', ') };
  }
  const ids = items.filter(isText);
  return ids.length === items.length && ids.length > 0 ? { context: 'here', listed: ids.join(', ') } : null;
}

/** Which values each code's fuller sentence reads from the problem, when they are all there. */
const WORDINGS: Partial<Record<ErrorCode, (problem: Fields) => Wording>> = {
  invalid_request: (problem) => {
    if (problem.expected === 'approval_reply') return { context: 'approvalReply' };
    const options = problem.options;
    if (problem.expected === 'option_reply' && Array.isArray(options) && options.every(isText)) {
      return { context: 'optionReply', values: { options: options.map((label, index) => `${index + 1}. ${label}`).join('; ') } };
    }
    return {};
  },
  reason_required: (problem) => (problem.expected === 'approval_reply' ? { context: 'approvalReply' } : {}),
  not_assignee: (problem) =>
    isText(problem.assignee) ? { context: problem.assigneeKind === 'team' ? 'team' : 'member', values: { name: problem.assignee } } : {},
  already_claimed: (problem) => (isText(problem.claimant) ? { context: 'named', values: { name: problem.claimant } } : {}),
  agent_name_taken: (problem) => (isText(problem.name) ? { context: 'named', values: { name: problem.name } } : {}),
  task_blocked: (problem) => (isNumber(problem.openBlockers) ? { context: 'counted', values: { count: problem.openBlockers } } : {}),
  ask_not_found: (problem) => withNumbers('counted', problem, 'ask', 'asks'),
  answer_kind_mismatch: (problem) => withNumbers('ask', problem, 'ask'),
  option_out_of_range: (problem) => withNumbers('ask', problem, 'ask', 'option', 'options'),
  single_choice_only: (problem) => withNumbers('ask', problem, 'ask'),
  // A count out of range names it; an option chosen twice has only the ask.
  answer_shape_invalid: (problem) =>
    numbers(problem, 'min', 'max', 'chosen')
      ? withNumbers('range', problem, 'ask', 'min', 'max', 'chosen')
      : withNumbers('repeated', problem, 'ask'),
  decision_not_open: (problem) => (isText(problem.decisionStatus) ? { context: problem.decisionStatus } : {}),
  undo_after_acting: (problem) => (isText(problem.agent) ? { context: 'named', values: { agent: problem.agent } } : {}),
  already_in_stack: (problem) => {
    const found = Array.isArray(problem.decisions) ? listed(problem.decisions) : null;
    return found ? { context: found.context, values: { listed: found.listed } } : {};
  },
  stack_full: (problem) => withNumbers('max', problem, 'max'),
  rate_limited: (problem) =>
    isNumber(problem.retryAfterSeconds) ? { context: 'wait', values: { seconds: problem.retryAfterSeconds } } : {},
};

export function problemWords(t: TFunction, problem: Problem): string {
  // A code this page does not know (a newer Cast, or a proxy's page) is said as such.
  if (!isErrorCode(problem.code)) return t('problems.unexpected');
  const { context, values } = WORDINGS[problem.code]?.(problem) ?? {};
  const plain = `problems.${problem.code}`;
  // i18next falls back to the plain entry when `<code>_<context>` is not in the catalogue.
  return context ? t(plain, { context, replace: values ?? {}, ...(values && 'count' in values ? { count: values.count } : {}) }) : t(plain);
}
