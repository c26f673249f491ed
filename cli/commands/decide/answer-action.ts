/** What `cast decide answer` does: answers the choice with option N; a decision already answered is exit 3 with that answer. */
import type { DecisionView } from '../../../domain/decision';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { ApiError } from '../../api-error';
import { emit, usageError } from '../../output';
import type { AnswerOptions } from './answer';
import { answerLine, outcomeJson } from './present';
import { checkId, closedError, connect, getDecision } from './target';

export async function run(given: string, n: string, opts: AnswerOptions): Promise<void> {
  const id = checkId(given);
  const option = Number(n);
  if (!Number.isInteger(option) || option < 1)
    throw usageError(`${n} is not an option number; give one of the numbers cast decide ls shows.`);
  const api = connect();
  let decision: DecisionView;
  try {
    ({ decision } = await api.request(decisionRoutes.answerAsk, {
      params: { id, ask: 1 },
      body: { answer: { kind: 'decision', selected: [option] }, ...(opts.reason ? { reason: opts.reason } : {}) },
    }));
  } catch (error) {
    const code = error instanceof ApiError ? error.problem.code : null;
    if (code === 'ask_already_answered' || code === 'decision_not_open' || code === 'decision_archived') {
      throw closedError(await getDecision(api, id), 'answer');
    }
    throw error;
  }
  emit(Boolean(opts.json), [`${decision.id} answered: ${answerLine(decision)}`], outcomeJson(decision));
}
