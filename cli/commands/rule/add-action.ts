/** What `cast rule add` does. */
import { ruleRoutes } from '../../../domain/routes/rules';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, ruleBody, type RuleOpts } from './rule-body';

export async function run(name: string, opts: RuleOpts): Promise<void> {
  const { rule } = await connect().request(ruleRoutes.createRule, { body: ruleBody(name, opts) });
  const shadow =
    rule.mode === 'shadow' ? ['It runs in shadow: it answers nothing and records what it would have answered (cast rule show).'] : [];
  emit(Boolean(opts.json), [`Rule saved: ${line(rule)}`, ...shadow], { rule });
}
