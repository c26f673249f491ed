/** A rule's record (issue 42 item 5): what it matched, live or in shadow, beside what the person answered. */
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../../domain/rules/rule';
import { AppLink } from '../../shared/app-link';
import { When } from '../../shared/page-frame';
import { effectWords } from './rule-words';
import { useRuleHits } from './rules-queries';

export function RuleHits({ rule, member }: { rule: Rule; member: (id: string) => string }) {
  const { t } = useTranslation();
  const hits = useRuleHits(rule.id, true);
  if (hits.isPending) return <p className="help">{t('page.loading')}</p>;
  if (hits.isError) return <p role="alert">{t('rules.hitsFailed')}</p>;
  if (hits.data.length === 0) return <p className="help">{t('rules.noHits')}</p>;
  const by = (answeredBy: string) => (answeredBy.startsWith('rule:') ? t('rules.byRule') : member(answeredBy));
  return (
    <table className="rule-hits" aria-label={t('rules.hitsOf', { rule: rule.name })}>
      <thead>
        <tr>
          <th scope="col">{t('rules.hitWhen')}</th>
          <th scope="col">{t('rules.hitAsk')}</th>
          <th scope="col">{t('rules.hitWould')}</th>
          <th scope="col">{t('rules.hitAnswered')}</th>
        </tr>
      </thead>
      <tbody>
        {hits.data.map((hit) => (
          <tr key={`${hit.decisionId}-${hit.position}-${hit.at}`}>
            <td>
              <When at={hit.at} />
            </td>
            <td>
              <AppLink href={`/decisions/${hit.decisionId}`}>{t('rules.askOf', { decision: hit.decisionId, ask: hit.position })}</AppLink>
            </td>
            <td>
              {effectWords(t, hit.effect)}
              {hit.shadow ? ` ${t('rules.inShadow')}` : ''}
            </td>
            <td>{hit.answered ? t('rules.answeredBy', { answer: hit.answered, by: by(hit.answeredBy ?? '') }) : t('rules.notYet')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
