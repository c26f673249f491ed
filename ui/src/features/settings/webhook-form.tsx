/**
 * Registering a push endpoint: its URL and the events it receives (every one unless some are
 * unticked). The signing secret comes back once, and is shown once, by the page.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookEventType } from '../../../../domain/webhook';
import { useCreateWebhook } from './webhooks-queries';
import { useAction } from '../../shared/use-action';

export type Registered = { url: string; secret: string };

export function WebhookForm({ onRegistered }: { onRegistered: (registered: Registered) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WebhookEventType]);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const creating = useCreateWebhook();
  const act = useAction(setProblem);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const done = await act(async () => {
      const { webhook, secret } = await creating.mutateAsync({ url: url.trim(), events });
      onRegistered({ url: webhook.url, secret });
    });
    if (done) setUrl('');
    else field.current?.focus();
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => WebhookEventType.filter((known) => (known === type ? on : current.includes(known))));

  return (
    <form className="settings-form webhook-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.webhooks.registerHeading')}</h2>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('settings.webhooks.urlLabel')}</label>
        <input
          id={`${id}-url`}
          ref={field}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={`${id}-url-help${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          data-testid="webhook-url"
        />
        <p id={`${id}-url-help`} className="help">
          {t('settings.webhooks.urlHelp')}
        </p>
      </div>
      <fieldset className="webhook-events">
        <legend>{t('settings.webhooks.eventsLegend')}</legend>
        {WebhookEventType.map((type) => (
          <label key={type} className="check-row">
            <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            <code>{type}</code>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="primary" disabled={creating.isPending || !url.trim() || events.length === 0}>
        {creating.isPending ? t('settings.webhooks.registering') : t('settings.webhooks.register')}
      </button>
    </form>
  );
}
