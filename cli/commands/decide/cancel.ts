/** `cast decide cancel [sd-N]`: withdraws the open decision; the conversation shows it withdrawn. */
import type { Command } from 'commander';
import { withdrawDecision } from '../../../domain/routes/decisions';
import { emit } from '../../output';
import { connect, targetId, whileOpen } from './target';

export function registerCancel(decide: Command): void {
  decide
    .command('cancel')
    .description("withdraw the open decision (with no id: the session's single open one)")
    .argument('[id]', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (given: string | undefined, opts: { json?: boolean }) => {
      const api = connect();
      const id = await targetId(api, given, 'cancel');
      const { decision } = await whileOpen(api, id, 'cancel', () => api.request(withdrawDecision, { params: { id }, body: {} }));
      emit(Boolean(opts.json), [`${decision.id} withdrawn: ${decision.question}`], {
        id: decision.id,
        state: decision.status,
        question: decision.question,
      });
    });
}
