/**
 * Settings' "Create a token": for an agent (named; created with its token if the workspace
 * has no agent by that name) or for the person signed in, with an optional label and
 * lifetime. The secret is then shown once, with what to do with it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MintedToken } from '../../../../domain/people';
import type { NewToken } from '../../http/people';
import { useAction } from '../../shared/use-action';
import { useMay } from '../../shared/session';
import { useCreateToken } from './people-queries';
import { SettingsSecret } from './settings-secret';

/** The lifetimes offered, in the API's duration words; '' is "until revoked". A year is the API's most (366d). */
const LIFETIMES = ['', '30d', '90d', '366d'] as const;
type Lifetime = (typeof LIFETIMES)[number];

export function SettingsCreateToken() {
  const { t } = useTranslation();
  const creating = useCreateToken();
  // A token for an agent carries what an agent does (filing): a role that may not file (a viewer) mints only its own.
  const mayMintForAgent = useMay('decision.file');
  const [forAgent, setForAgent] = useState(mayMintForAgent);
  const [agent, setAgent] = useState('');
  const [label, setLabel] = useState('');
  const [lifetime, setLifetime] = useState<Lifetime>('');
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  const [minted, setMinted] = useState<MintedToken | null>(null);
  const agentField = useRef<HTMLInputElement>(null);
  // The ticked "who for" choice: where focus returns once the secret is put away.
  const chosen = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (creating.isPending) return;
    setProblem(null);
    if (forAgent && !agent.trim()) {
      setInvalid(true);
      return agentField.current?.focus();
    }
    const body: NewToken = {
      ...(forAgent ? { agent: agent.trim() } : {}),
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(lifetime ? { expiresIn: lifetime } : {}),
    };
    await act(async () => {
      setMinted(await creating.mutateAsync(body));
      setAgent('');
      setLabel('');
      setLifetime('');
    });
  }

  function done() {
    setMinted(null);
    // The panel that had focus is gone: back to the start of the form.
    requestAnimationFrame(() => chosen.current?.focus());
  }

  if (minted) {
    const name = minted.token.agentName;
    const lines = name
      ? [
          t('settings.secret.agentUse', { agent: name }),
          ...(minted.agentCreated ? [t('settings.secret.agentCreated', { agent: name })] : []),
        ]
      : [t('settings.secret.personUse')];
    return (
      <section aria-labelledby="create-token-title" className="settings-section">
        <h2 id="create-token-title">{t('settings.create.heading')}</h2>
        <SettingsSecret
          title={name ? t('settings.secret.agentTitle', { agent: name }) : t('settings.secret.personTitle')}
          secret={minted.secret}
          lines={lines}
          onDone={done}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="create-token-title" className="settings-section">
      <h2 id="create-token-title">{t('settings.create.heading')}</h2>
      <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend>{t('settings.create.forLegend')}</legend>
          {mayMintForAgent && (
            <label>
              <input
                ref={forAgent ? chosen : undefined}
                type="radio"
                name="token-for"
                checked={forAgent}
                onChange={() => setForAgent(true)}
              />{' '}
              {t('settings.create.forAgent')}
            </label>
          )}
          <label>
            <input
              ref={forAgent ? undefined : chosen}
              type="radio"
              name="token-for"
              checked={!forAgent}
              onChange={() => (setForAgent(false), setInvalid(false))}
            />{' '}
            {t('settings.create.forMe')}
          </label>
        </fieldset>
        {forAgent && (
          <>
            <label htmlFor="token-agent">{t('settings.create.agentLabel')}</label>
            <input
              id="token-agent"
              ref={agentField}
              value={agent}
              maxLength={200}
              autoComplete="off"
              required
              onChange={(event) => (setAgent(event.target.value), setInvalid(false))}
              aria-invalid={invalid ? 'true' : undefined}
              aria-describedby={invalid ? 'token-agent-error token-agent-help' : 'token-agent-help'}
            />
            {invalid && (
              <p id="token-agent-error" className="field-error">
                {t('settings.create.agentRequired')}
              </p>
            )}
            <p id="token-agent-help" className="help">
              {t('settings.create.agentHelp')}
            </p>
          </>
        )}
        <label htmlFor="token-label">{t('settings.create.labelLabel')}</label>
        <input
          id="token-label"
          value={label}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setLabel(event.target.value)}
          aria-describedby="token-label-help"
        />
        <p id="token-label-help" className="help">
          {t('settings.create.labelHelp')}
        </p>
        <label htmlFor="token-expires">{t('settings.create.expiresLabel')}</label>
        <select id="token-expires" value={lifetime} onChange={(event) => setLifetime(event.target.value as Lifetime)}>
          {LIFETIMES.map((value) => (
            <option key={value} value={value}>
              {t(`settings.create.expiresIn.${value || 'never'}`)}
            </option>
          ))}
        </select>
        {problem && <p role="alert">{problem}</p>}
        <div className="field-row">
          <button type="submit" disabled={creating.isPending}>
            {creating.isPending ? t('settings.create.creating') : t('settings.create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
