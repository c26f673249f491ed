/**
 * `/rules` (issue 42): the decisions a person would answer the same way every time, answered by
 * the workspace's rules. Each rule says what it does and to which asks, whose it is and at which
 * revision; its hits sit beside what the person actually answered, so a rule in shadow is turned
 * on knowing its record. Its author or an admin turns it on, back to shadow, or off.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../../domain/rules/rule';
import { AppLink } from '../../shared/app-link';
import { useAgents } from '../agents/agents-queries';
import { useMembers } from '../settings/people-queries';
import { PageFrame, When } from '../../shared/page-frame';
import { pageStateOf } from '../../shared/page-state';
import { useMay, useSignedIn } from '../../shared/session';
import { useAction } from '../../shared/use-action';
import { useQuery } from '@tanstack/react-query';
import { readDecision } from '../../http/decisions';
import { draftOf, NewRule } from './new-rule';
import { RuleHits } from './rule-hits';
import { conditionWords, effectWords } from './rule-words';
import { useDisableRule, useRules, useUpdateRule } from './rules-queries';

export function RulesPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const mayManage = useMay('rule.manage');
  const [problem, setProblem] = useState<string | null>(null);
  const names = useNames();
  return (
    <PageFrame title={t('rules.title')} loaded={pageStateOf(rules)} className="rules">
      <p className="subtitle">{t('rules.subtitle')}</p>
      {problem && <p role="alert">{problem}</p>}
      {rules.data?.length === 0 ? (
        <p>{t('rules.none')}</p>
      ) : (
        <ul className="rule-list" aria-label={t('rules.list')}>
          {rules.data?.map((rule) => (
            <RuleItem key={rule.id} rule={rule} names={names} mayManage={mayManage} onProblem={setProblem} />
          ))}
        </ul>
      )}
      {mayManage && <MadeFrom agents={names.agents} />}
    </PageFrame>
  );
}

/**
 * The form, prefilled when the page was opened from a recurring decision's "Make this a rule"
 * (`/rules?from=sd-12`): drawn once that decision is read, so the fields start from its rule.
 */
function MadeFrom({ agents }: { agents: Names['agents'] }) {
  const { t } = useTranslation();
  const [from] = useState(() => new URLSearchParams(location.search).get('from'));
  const decision = useQuery({ queryKey: ['rules', 'from', from], queryFn: () => readDecision(from!), enabled: from !== null });
  if (from === null) return <NewRule agents={agents} />;
  if (decision.isPending) return <p className="help">{t('page.loading')}</p>;
  const rule = decision.data?.detail.recurring?.rule ?? null;
  return (
    <>
      {rule && <p className="help">{t('rules.fromDecision', { decision: from })}</p>}
      <NewRule agents={agents} initial={rule ? draftOf(rule) : null} />
    </>
  );
}

type Names = { member: (id: string) => string; agent: (id: string) => string; agents: Array<{ id: string; name: string }> };

function useNames(): Names {
  const members = useMembers();
  const agents = useAgents();
  const memberNames = new Map((members.data ?? []).map((member) => [member.id, member.name]));
  const agentNames = new Map((agents.data ?? []).map((agent) => [agent.id, agent.name]));
  return {
    member: (id) => memberNames.get(id) ?? id,
    agent: (id) => agentNames.get(id) ?? id,
    agents: (agents.data ?? []).map((agent) => ({ id: agent.id, name: agent.name })),
  };
}

function RuleItem({
  rule,
  names,
  mayManage,
  onProblem,
}: {
  rule: Rule;
  names: Names;
  mayManage: boolean;
  onProblem: (message: string) => void;
}) {
  const { t } = useTranslation();
  const me = useSignedIn().data;
  const updating = useUpdateRule();
  const disabling = useDisableRule();
  const act = useAction(onProblem);
  const [hitsOpen, setHitsOpen] = useState(false);
  // Its author or an admin changes it (the API says `rule_not_author` to anyone else).
  const mine = mayManage && (rule.author === me?.memberId || me?.role === 'admin' || me?.role === 'owner');
  const busy = updating.isPending || disabling.isPending;
  const setMode = (mode: 'on' | 'shadow') => void act(() => updating.mutateAsync({ id: rule.id, change: { mode } }));
  const when = conditionWords(t, rule.conditions, names.agent);
  return (
    <li data-testid={`rule-${rule.name}`} className={`rule rule-${rule.mode}`}>
      <h2>
        {rule.name} <span className={`chip mode-${rule.mode}`}>{t(`rules.mode.${rule.mode}`)}</span>
      </h2>
      <p className="rule-does">
        <strong>{effectWords(t, rule.effect)}</strong>{' '}
        {rule.handWritten ? t('rules.handWritten') : when.length ? t('rules.whenList', { list: when.join(' · ') }) : t('rules.everyAsk')}
      </p>
      <p className="help">
        {t('rules.byline', { author: names.member(rule.author), revision: rule.revision })}
        {rule.endsAt && (
          <>
            {' · '}
            {t('rules.ends')} <When at={rule.endsAt} />
          </>
        )}
      </p>
      <p className="rule-reason">{rule.reason}</p>
      {rule.handWritten && (
        <details>
          <summary>{t('rules.cedar')}</summary>
          <pre>{rule.cedar}</pre>
        </details>
      )}
      {mine && rule.mode !== 'off' && (
        <p className="rule-actions">
          {rule.mode === 'shadow' ? (
            <button type="button" disabled={busy} onClick={() => setMode('on')} aria-label={t('rules.turnOnNamed', { rule: rule.name })}>
              {t('rules.turnOn')}
            </button>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => setMode('shadow')}
              aria-label={t('rules.toShadowNamed', { rule: rule.name })}
            >
              {t('rules.toShadow')}
            </button>
          )}{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => disabling.mutateAsync(rule.id))}
            aria-label={t('rules.disableNamed', { rule: rule.name })}
          >
            {t('rules.disable')}
          </button>
        </p>
      )}
      <p>
        <AppLink
          href={`/decisions?tab=answered&answeredBy=${encodeURIComponent(`rule:${rule.id}`)}`}
          aria-label={t('rules.answeredNamed', { rule: rule.name })}
        >
          {t('rules.answered')}
        </AppLink>
      </p>
      <details onToggle={(event) => setHitsOpen(event.currentTarget.open)}>
        <summary>{t('rules.hits')}</summary>
        {hitsOpen && <RuleHits rule={rule} member={names.member} />}
      </details>
    </li>
  );
}
