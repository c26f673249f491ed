/**
 * What `cast decide answer` does: answers the choice with option N, or an approval with yes / no;
 * a decision already answered is exit 3 with that answer.
 */
import type { DecisionView } from '../../../domain/decision';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { ApiError } from '../../api-error';
import type { AnswerValue } from '../../../domain/ask-schema';
import type { Client } from '../../http';
import { CliError, emit, Exit, usageError } from '../../output';
import type { AnswerOptions } from './answer';
import { answerLine, approvalCountWords, outcomeJson } from './present';
import { checkId, closedError, connect, getDecision } from './target';

/** `yes` / `no` (and y / n) for an approval ask. */
const VERDICTS: Record<string, 'approve' | 'reject'> = { yes: 'approve', y: 'approve', no: 'reject', n: 'reject' };

export async function run(given: string, n: string, opts: AnswerOptions): Promise<void> {
  const id = checkId(given);
  const api = connect();
  const answer = await withEdit(api, id, answerValue(n, Boolean(opts.always)), opts);
  let decision: DecisionView;
  try {
    ({ decision } = await api.request(decisionRoutes.answerAsk, {
      params: { id, ask: 1 },
      body: { answer, ...(opts.reason ? { reason: opts.reason } : {}) },
    }));
  } catch (error) {
    const code = error instanceof ApiError ? error.problem.code : null;
    if (code === 'ask_already_answered' || code === 'decision_not_open' || code === 'decision_archived') {
      throw closedError(await getDecision(api, id), 'answer');
    }
    if (code === 'answer_kind_mismatch') throw await kindMismatch(api, id, answer, error as ApiError);
    // Cast says when no needs a reason: an agent's own approval ask does (FR-24); a permission
    // card, which y / n answer alone (cast-decide), does not. The rule lives once, in domain/ask.ts.
    if (code === 'reason_required')
      throw usageError(`Saying no needs a reason: cast decide answer ${id} no --reason "…" (it is what the agent learns from).`);
    // Issue 31 item 5: a card its agent stopped waiting for; the answer would reach no one.
    if (code === 'nobody_waiting') throw new CliError((error as ApiError).problem.detail, Exit.closed, { state: 'withdrawn' }, code);
    // Issue 41 items 3, 4: counted once per person, and never the asker's own where duties are separated.
    if (code === 'already_approved' || code === 'separation_of_duties') {
      throw new CliError(
        (error as ApiError).problem.detail,
        Exit.refused,
        { status: (error as ApiError).problem.status, problem: code },
        code,
      );
    }
    throw error;
  }
  // Issue 41: an approval short of the people it needs is counted; the decision stays open.
  const counted = decision.status === 'open' ? approvalCountWords(decision) : null;
  const line = counted
    ? `${decision.id}: your approval is counted — ${counted}; it waits for the others.`
    : `${decision.id} answered: ${answerLine(decision)}`;
  emit(Boolean(opts.json), [line], outcomeJson(decision));
}

function answerValue(n: string, always: boolean): AnswerValue {
  const verdict = VERDICTS[n.trim().toLowerCase()];
  if (always && verdict !== 'approve') throw usageError(`--always goes with yes: it allows this call from now on. Nothing was sent.`);
  if (verdict) return { kind: 'approval', decision: verdict, ...(always ? { always: true } : {}) };
  const option = Number(n);
  if (!Number.isInteger(option) || option < 1)
    throw usageError(
      `${n} is not an option number, nor yes or no; give one of the numbers cast decide ls shows, or yes / no for an approval.`,
    );
  return { kind: 'decision', selected: [option] };
}

/**
 * Issue 43 item 6: `yes --command TEXT` approves the proposal with its command replaced, `yes
 * --input JSON` a whole tool input instead. Cast says whether the card takes an edit (exit 7
 * `edit_not_offered` when its host cannot run one); a bad flag sends nothing.
 */
async function withEdit(api: Client, id: string, answer: AnswerValue, opts: AnswerOptions): Promise<AnswerValue> {
  if (opts.command === undefined && opts.input === undefined) return answer;
  if (opts.command !== undefined && opts.input !== undefined)
    throw usageError('Give --command or --input, not both: each is the whole edit. Nothing was sent.');
  if (answer.kind !== 'approval' || answer.decision !== 'approve' || answer.always)
    throw usageError(
      '--command and --input go with yes (and not with --always): they approve the call as you edited it. Nothing was sent.',
    );
  if (opts.input !== undefined) return { ...answer, editedInput: jsonObject(opts.input) };
  const proposed = (await getDecision(api, id)).source;
  const toolInput = proposed && 'toolInput' in proposed ? proposed.toolInput : null;
  if (!toolInput || typeof toolInput.command !== 'string')
    throw usageError(`${id} proposes no command to replace; give the whole tool input with --input '{…}'. Nothing was sent.`);
  return { ...answer, editedInput: { ...toolInput, command: opts.command } };
}

function jsonObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw usageError('--input is not JSON; give the tool input as a JSON object. Nothing was sent.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw usageError('--input must be a JSON object: the whole tool input. Nothing was sent.');
  return parsed as Record<string, unknown>;
}

/** Cast refused the answer's kind: says which kind the ask takes, and how to give it (exit 7, nothing changed). */
async function kindMismatch(api: Client, id: string, answer: AnswerValue, error: ApiError): Promise<CliError> {
  const ask = (await getDecision(api, id)).asks[0];
  const message =
    answer.kind === 'approval'
      ? `${id} asks for ${ask ? `a ${ask.kind}` : 'another kind of answer'}, not an approval: yes / no answers only an approval (a permission card)${ask?.kind === 'decision' ? '; give an option number, as cast decide ls shows' : ''}. Nothing changed.`
      : `${id} asks for ${ask?.kind === 'approval' ? 'an approval: answer yes, or no --reason "…"' : `a ${ask?.kind ?? 'different'} answer`}. Nothing changed.`;
  return new CliError(message, Exit.refused, { status: error.problem.status, problem: error.problem.code }, 'answer_kind_mismatch');
}
