import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';

/**
 * An optional ask says so under its prompt (FR-21), and, where a person fills something in (a
 * fact, a choice), that it goes with the last required answer rather than being lost (issue 39 item 6).
 */
export function OptionalNote({ ask }: { ask: AskState }) {
  const { t } = useTranslation();
  if (ask.required) return null;
  return (
    <p className="help optional-note" data-testid="optional-note">
      {ask.kind === 'fact' || ask.kind === 'decision' ? t('ask.optionalSentWith') : t('ask.optional')}
    </p>
  );
}
