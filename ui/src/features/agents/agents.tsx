/**
 * `/agents`: the workspace's agents, each with the way to its instructions, and the safety
 * rails that make an agent stop and ask instead of deciding alone. The queue's first-run state
 * opens it (§6.8 "Open Agents"); the quiet state links its rails (§6.7 "Safety rails").
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/app-link';
import { useAgents } from './agents-queries';
import { pageStateOf } from '../../shared/page-state';
import { PageFrame } from '../../shared/page-frame';

const RAILS = ['railsInstructions', 'railsPermissions', 'railsCap', 'railsPeople'] as const;

export function AgentsPage() {
  const { t } = useTranslation();
  const agents = useAgents();
  return (
    <PageFrame title={t('agents.title')} loaded={pageStateOf(agents)} className="agents">
      <p className="subtitle">{t('agents.subtitle')}</p>
      {agents.data?.length === 0 ? (
        <p>{t('agents.none')}</p>
      ) : (
        <ul aria-label={t('agents.list')}>
          {agents.data?.map((agent) => (
            <li key={agent.id} data-testid="agent">
              <span className="name">{agent.name}</span>{' '}
              <AppLink
                href={`/agents/${encodeURIComponent(agent.id)}/instructions`}
                aria-label={t('agents.openInstructionsFor', { agent: agent.name })}
              >
                {t('agents.openInstructions')}
              </AppLink>
              {agent.instructions.trim() === '' && <p className="help">{t('agents.noInstructions')}</p>}
            </li>
          ))}
        </ul>
      )}
      <SafetyRails />
    </PageFrame>
  );
}

/** What makes an agent stop and ask; "Safety rails" on the quiet queue lands here, on its heading. */
function SafetyRails() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (location.hash !== '#safety-rails') return;
    heading.current?.scrollIntoView();
    heading.current?.focus();
  }, []);
  return (
    <section id="safety-rails" aria-labelledby="safety-rails-title">
      <h2 id="safety-rails-title" ref={heading} tabIndex={-1}>
        {t('agents.safetyRails')}
      </h2>
      <p>{t('agents.railsIntro')}</p>
      <ul>
        {RAILS.map((rail) => (
          <li key={rail}>{t(`agents.${rail}`)}</li>
        ))}
      </ul>
    </section>
  );
}
