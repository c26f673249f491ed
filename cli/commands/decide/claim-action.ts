/** What `cast decide claim` does: says the member is on the decision. */
import { assignmentRoutes } from '../../../domain/routes/assignments';
import { emit } from '../../output';
import { assignmentLine } from './assignment-line';
import { checkId, connect } from './target';

export async function run(given: string, opts: { json?: boolean }): Promise<void> {
  const id = checkId(given);
  const { assignment } = await connect().request(assignmentRoutes.claimDecision, { params: { id }, body: {} });
  emit(Boolean(opts.json), [assignmentLine(id, assignment)], { id, assignment });
}
