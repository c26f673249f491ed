/** What `cast stack defaults` does: asks Cast to apply the declared defaults and says which were answered or skipped. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { checkStackId, onStack } from './stack-input';

export async function run(given: string, opts: { json?: boolean }): Promise<void> {
  const id = checkStackId(given);
  const { answered, skipped } = await onStack(id, () => connect().request(stackRoutes.applyStackDefaults, { params: { id }, body: {} }));
  const lines =
    answered.length > 0
      ? [`${id}: answered with their declared defaults: ${answered.join(', ')}.`]
      : [`${id}: no open advisory member to answer; blocking members wait for a person.`];
  if (skipped.length > 0) lines.push(`Skipped, answered or archived meanwhile (the first answer stands): ${skipped.join(', ')}.`);
  emit(Boolean(opts.json), lines, { id, answered, skipped });
}
