import { useTranslation } from 'react-i18next';
import type { HostPromptSource } from '../../shared/host-prompt';

/**
 * A host prompt's card in place of "What happened": what the asking session last said and its
 * pinned state (cast-decide "Permission prompts in the same queue"). Session text is shown as text.
 */
export function SessionSaid({ prompt }: { prompt: HostPromptSource }) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('prompt.said')}</h3>
      {prompt.lastAssistantMessage ? (
        <p className="context session-text" data-testid="last-message">
          {prompt.lastAssistantMessage}
        </p>
      ) : (
        <p className="help">{t('prompt.saidNone')}</p>
      )}
      <h3>{t('prompt.pinned')}</h3>
      {prompt.pinned ? (
        <p className="context session-text" data-testid="pinned">
          {prompt.pinned}
        </p>
      ) : (
        <p className="help">{t('prompt.pinnedNone')}</p>
      )}
    </>
  );
}
