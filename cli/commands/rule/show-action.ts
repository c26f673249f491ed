/** What `cast rule show` does: the rule, its policy, and its hits beside what was answered. */
import { ruleRoutes } from '../../../domain/routes/rules';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { effectWords, line } from './rule-body';

export async function run(id: string, opts: { json?: boolean }): Promise<void> {
  const client = connect();
  const { rule } = await client.request(ruleRoutes.getRule, { params: { id } });
  const { hits } = await client.request(ruleRoutes.listRuleHits, { params: { id } });
  const hitLines = hits.map(
    (hit) =>
      `${hit.decisionId} ask ${hit.position} · r${hit.revision}${hit.shadow ? ' (shadow)' : ''} · ${effectWords(hit.effect)} · answered: ${hit.answered ?? 'not yet'}`,
  );
  emit(Boolean(opts.json), [line(rule), `Reason: ${rule.reason}`, rule.cedar, hits.length ? `Hits:` : 'No hits yet.', ...hitLines], {
    rule,
    hits,
  });
}
