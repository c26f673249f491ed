/** What `cast decide cancel` does: withdraws the decision named, or the session's single open one. */
import { decisionRoutes } from '../../../domain/routes/decisions';
import { emit } from '../../output';
import { connect, targetId, whileOpen } from './target';

export async function run(given: string | undefined, opts: { json?: boolean }): Promise<void> {
  const api = connect();
  const id = await targetId(api, given, 'cancel');
  const { decision } = await whileOpen(api, id, 'cancel', () => api.request(decisionRoutes.withdrawDecision, { params: { id }, body: {} }));
  emit(Boolean(opts.json), [`${decision.id} withdrawn: ${decision.question}`], {
    id: decision.id,
    state: decision.status,
    question: decision.question,
  });
}
