/** What `cast rule ls` does. */
import { ruleRoutes } from '../../../domain/routes/rules';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line } from './rule-body';

export async function run(opts: { json?: boolean }): Promise<void> {
  const { rules } = await connect().request(ruleRoutes.listRules, {});
  emit(
    Boolean(opts.json),
    rules.length ? rules.map(line) : ['No rules yet: cast rule add "tests may run" --command "npm test" --approve --reason …'],
    { rules },
  );
}
