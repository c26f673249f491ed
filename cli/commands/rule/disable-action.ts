/** What `cast rule disable` does. */
import { ruleRoutes } from '../../../domain/routes/rules';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line } from './rule-body';

export async function run(id: string, opts: { json?: boolean }): Promise<void> {
  const { rule } = await connect().request(ruleRoutes.disableRule, { params: { id } });
  emit(Boolean(opts.json), [`Rule off: ${line(rule)}`], { rule });
}
