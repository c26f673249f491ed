/** What `cast decide assign` does: readdresses the decision, checked before anything is sent. */
import { AssigneeTarget } from '../../../domain/assignment';
import { assignmentRoutes } from '../../../domain/routes/assignments';
import { emit, usageError } from '../../output';
import type { AssignOptions } from './assign';
import { assignmentLine } from './assignment-line';
import { checkId, connect } from './target';

export async function run(given: string, to: string | undefined, opts: AssignOptions): Promise<void> {
  const id = checkId(given);
  if (Boolean(to) === Boolean(opts.everyone)) throw usageError('Say whom it is for: @dana, team:infra, or --everyone.');
  const target = to === undefined ? null : AssigneeTarget.safeParse(to);
  if (target && !target.success) throw usageError(`"${to}" names nobody: write a member as @dana, a team as team:infra.`);
  const { assignment } = await connect().request(assignmentRoutes.reassignDecision, {
    params: { id },
    body: { to: target?.data ?? null },
  });
  emit(Boolean(opts.json), [assignmentLine(id, assignment)], { id, assignment });
}
