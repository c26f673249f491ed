/** What `cast rule test` does: nothing is saved. */
import { ruleRoutes } from '../../../domain/routes/rules';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { effectWords, ruleBody, type RuleOpts } from './rule-body';

export async function run(name: string, opts: RuleOpts): Promise<void> {
  const { mode: _mode, endsAt: _endsAt, ...body } = ruleBody(name, { ...opts, mode: undefined, ends: undefined });
  const result = await connect().request(ruleRoutes.testRule, { body });
  const lines = result.matches.map(
    (match) =>
      `${match.decisionId} ask ${match.position} · ${match.question} · would ${effectWords(match.effect)} · answered: ${match.answered ?? 'not yet'}`,
  );
  emit(Boolean(opts.json), [`Over the last 30 days it matched ${result.matches.length} of ${result.considered} asks.`, ...lines], result);
}
