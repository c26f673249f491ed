/** What `cast stack add` does: appends the decisions and says when advisory ones among them take their default. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { formatLocal } from '../../when';
import { connect } from '../decide/target';
import { autoDefaultAt, autoDefaultNote, headline, policyLine, stackJson } from './present';
import { checkStackId, decisionList, onStack } from './stack-input';

export async function run(given: string, raw: string[], opts: { json?: boolean }): Promise<void> {
  const id = checkStackId(given);
  const decisions = decisionList(raw);
  const { stack: view } = await onStack(id, () => connect().request(stackRoutes.addStackMembers, { params: { id }, body: { decisions } }));
  const now = new Date();
  const due = autoDefaultAt(view, decisions[0]!);
  emit(
    Boolean(opts.json),
    [
      `Added ${decisions.join(', ')} to ${headline(view)}`,
      `Policy: ${policyLine(view, now)}${due ? `; advisory ones among them take their default at ${formatLocal(new Date(due), now)}` : ''}`,
      ...autoDefaultNote(view),
    ],
    { ...stackJson(view), added: decisions },
  );
}
