/**
 * "asked 3h ago, 42 messages since": the two numbers `cast decide ls` prints for an open ask of
 * a session, and a Stale mark once it passes the CLI's threshold (2 hours or 30 messages,
 * domain/staleness.ts) — in words, so colour is never the only carrier (FR-67).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isStale, STALE_AFTER_MESSAGES, STALE_AFTER_MS } from '../../../domain/staleness';
import { age } from './time';

/** "asked just now, 2 messages since", "asked 3h ago, 42 messages since". */
export function askedSince(t: TFunction, askedAt: string, messagesSince: number): string {
  const words = age(t, askedAt);
  const ago = words === t('age.now') ? words : t('queue.agoWords', { age: words });
  return t('queue.askedSince', { ago, count: messagesSince });
}

/** The Stale mark, or nothing while the ask is fresh; `spaced` puts a space before it, in running text. */
export function StaleMark({ askedAt, messagesSince, spaced = false }: { askedAt: string; messagesSince: number; spaced?: boolean }) {
  const { t } = useTranslation();
  if (!isStale(new Date(askedAt), messagesSince, new Date())) return null;
  return (
    <>
      {spaced && ' '}
      <span
        className="chip stale"
        data-testid="stale"
        title={t('queue.staleWhy', { hours: STALE_AFTER_MS / 3_600_000, messages: STALE_AFTER_MESSAGES })}
      >
        <span aria-hidden="true">{t('detail.staleGlyph')} </span>
        {t('queue.stale')}
      </span>
    </>
  );
}
