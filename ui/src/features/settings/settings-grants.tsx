/**
 * Settings' Tool grants (issue 39 item 5): what each agent may call, the patterns an access ask
 * is checked against. Everyone reads them; a person holding agent.manage (an admin or owner)
 * grants a tool or a pattern (allow or deny) and removes a grant. `*` is any run of characters;
 * a deny beats any allow; a tool no grant matches is denied (domain/tool-grant.ts).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '../../../../domain/agent';
import { GrantEffect, type ToolGrant } from '../../../../domain/tool-grant';
import { When } from '../../shared/page-frame';
import { useAgents } from '../agents/agents-queries';
import { useGrantChanges, useGrants } from '../agents/grants-queries';
import { useMay } from '../../shared/session';
import { useAction } from '../../shared/use-action';

export function SettingsGrants() {
  const { t } = useTranslation();
  const agents = useAgents();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = agents.data ?? [];
  const agent = list.find((a) => a.id === chosen) ?? list[0] ?? null;
  return (
    <section aria-labelledby="grants-title" className="settings-section" id="grants">
      <h2 id="grants-title">{t('settings.grants.heading')}</h2>
      <p className="help">{t('settings.grants.intro')}</p>
      {agents.isPending ? null : list.length === 0 ? (
        <p>{t('settings.grants.noAgents')}</p>
      ) : (
        <>
          <div className="grants-agent">
            <label htmlFor="grants-agent">{t('settings.grants.agent')}</label>
            <select id="grants-agent" value={agent?.id ?? ''} onChange={(event) => setChosen(event.target.value)}>
              {list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          {agent && <AgentGrants key={agent.id} agent={agent} />}
        </>
      )}
    </section>
  );
}

function AgentGrants({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const grants = useGrants(agent.id);
  const changes = useGrantChanges(agent.id);
  const mayManage = useMay('agent.manage');
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);

  async function remove(grant: ToolGrant) {
    setProblem(null);
    const done = await act(() => changes.remove.mutateAsync(grant.id));
    if (done) setMessage(t('settings.grants.removed', { pattern: grant.toolPattern, agent: agent.name }));
  }

  const rows = grants.data ?? [];
  return (
    <>
      {grants.isError ? (
        <p role="alert">{t('settings.grants.failed')}</p>
      ) : rows.length === 0 ? (
        <p data-testid="no-grants">{grants.isPending ? '' : t('settings.grants.none', { agent: agent.name })}</p>
      ) : (
        // Below 768 px each grant stacks into its own block, as the tokens do (styles.css).
        <div className="settings-table grants-table" role="region" aria-labelledby="grants-title" tabIndex={0}>
          <table data-testid="grants">
            <caption className="visually-hidden">{t('settings.grants.caption', { agent: agent.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settings.grants.pattern')}</th>
                <th scope="col">{t('settings.grants.effect')}</th>
                <th scope="col">{t('settings.grants.since')}</th>
                {mayManage && <th scope="col">{t('settings.grants.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((grant) => (
                <tr key={grant.id} data-testid="grant-row">
                  <th scope="row">
                    <code>{grant.toolPattern}</code>
                  </th>
                  <td data-label={t('settings.grants.effect')}>{t(`settings.grants.effects.${grant.effect}`)}</td>
                  <td data-label={t('settings.grants.since')}>
                    <When at={grant.createdAt} />
                  </td>
                  {mayManage && (
                    <td className="row-action">
                      <button
                        type="button"
                        aria-label={t('settings.grants.removeNamed', { pattern: grant.toolPattern, agent: agent.name })}
                        disabled={changes.remove.isPending}
                        onClick={() => void remove(grant)}
                      >
                        {t('settings.grants.remove')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem && <p role="alert">{problem}</p>}
      {mayManage ? (
        <AddGrant agent={agent} onAdded={setMessage} />
      ) : (
        <p className="help" data-testid="grants-read-only">
          {t('settings.grants.readOnly')}
        </p>
      )}
      {/* Said where the change was made: the tokens' toast belongs to the tokens. */}
      <p className="help" role="status" data-testid="grants-status">
        {message}
      </p>
    </>
  );
}

function AddGrant({ agent, onAdded }: { agent: Agent; onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const changes = useGrantChanges(agent.id);
  const [pattern, setPattern] = useState('');
  const [effect, setEffect] = useState<GrantEffect>('allow');
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  const field = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (changes.add.isPending) return;
    setProblem(null);
    const toolPattern = pattern.trim();
    if (!toolPattern) {
      setInvalid(true);
      return field.current?.focus();
    }
    const done = await act(() => changes.add.mutateAsync({ toolPattern, effect }));
    if (!done) return field.current?.focus();
    setPattern('');
    onAdded(t(effect === 'allow' ? 'settings.grants.added' : 'settings.grants.denied', { pattern: toolPattern, agent: agent.name }));
  }

  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('settings.grants.addHeading', { agent: agent.name })}</h3>
      <label htmlFor={`${id}-pattern`}>{t('settings.grants.pattern')}</label>
      <input
        id={`${id}-pattern`}
        ref={field}
        value={pattern}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        required
        onChange={(event) => (setPattern(event.target.value), setInvalid(false))}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? `${id}-error ${id}-help` : `${id}-help`}
      />
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {t('settings.grants.patternRequired')}
        </p>
      )}
      <p id={`${id}-help`} className="help">
        {t('settings.grants.patternHelp')}
      </p>
      <label htmlFor={`${id}-effect`}>{t('settings.grants.effect')}</label>
      <select id={`${id}-effect`} value={effect} onChange={(event) => setEffect(event.target.value as GrantEffect)}>
        {GrantEffect.map((value) => (
          <option key={value} value={value}>
            {t(`settings.grants.effects.${value}`)}
          </option>
        ))}
      </select>
      {problem && <p role="alert">{problem}</p>}
      <div className="field-row">
        <button type="submit" disabled={changes.add.isPending}>
          {t('settings.grants.add')}
        </button>
      </div>
    </form>
  );
}
