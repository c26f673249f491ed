/**
 * `cast decide answer sd-N N [--reason TEXT]`: answers from a shell, through the same server
 * function as the web. The first writer wins: a second answer changes nothing (exit 3).
 */
import type { Command } from 'commander';
import type { DecisionView } from '../../../domain/decision';
import { answerAsk } from '../../../domain/routes/decisions';
import { ApiError } from '../../http';
import { emit, usageError } from '../../output';
import { answerLine, outcomeJson } from './present';
import { checkId, closedError, connect, getDecision } from './target';

export function registerAnswer(decide: Command): void {
  decide
    .command('answer')
    .description('answer a decision with option N')
    .argument('<id>', 'the decision, e.g. sd-41')
    .argument('<n>', 'the option number')
    .option('--reason <text>', 'why (required when choosing against a recommended option)')
    .option('--json', 'print one JSON object')
    .action(async (given: string, n: string, opts: { reason?: string; json?: boolean }) => {
      const id = checkId(given);
      const option = Number(n);
      if (!Number.isInteger(option) || option < 1)
        throw usageError(`${n} is not an option number; give one of the numbers cast decide ls shows.`);
      const api = connect();
      let decision: DecisionView;
      try {
        ({ decision } = await api.request(answerAsk, {
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
    });
}
