/**
 * §6.18 "Pending line" (S3): what answering the rest of an open decision will do, in the
 * catalogue's words from its progress and its agent's name. The API's `detail.lines.pending`
 * says the same in English for API clients; the web never shows the server's sentence (FR-63).
 */
import { useTranslation } from 'react-i18next';

export function PendingLine({ progress, agent }: { progress: { answered: number; required: number }; agent: string | null }) {
  const { t } = useTranslation();
  const left = progress.required - progress.answered;
  if (left <= 0) return null;
  const who = agent ?? t('detail.theAgent');
  return (
    <p className="pending" data-testid="pending">
      {left === 1 ? t('detail.pendingLast', { agent: who }) : t('detail.pendingAll', { count: left, agent: who })}
    </p>
  );
}
