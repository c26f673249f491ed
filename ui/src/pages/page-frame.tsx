/** What the run and task pages share: the way back, the loading and not-found states, and dates. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link';
import { focusOnArrival } from '../routing/navigate';

export type Loaded<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; value: T };

export function PageFrame({ title, loaded, children }: { title: string; loaded: Loaded<unknown>['state']; children?: ReactNode }) {
  const { t } = useTranslation();
  const heading = loaded === 'missing' ? t('page.notFound') : loaded === 'failed' ? t('page.failed') : title;
  return (
    <main className="record" aria-busy={loaded === 'loading' ? 'true' : undefined}>
      <nav aria-label={t('page.back')}>
        <AppLink href="/decisions">{t('page.back')}</AppLink>
      </nav>
      {loaded === 'loading' ? <p className="help">{t('page.loading')}</p> : <h1 ref={focusOnArrival} tabIndex={-1}>{heading}</h1>}
      {loaded === 'ready' && children}
    </main>
  );
}

/** A moment as a `<time>`, in the reader's locale. */
export function When({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation();
  if (!at) return <>{t('page.none')}</>;
  const text = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return <time dateTime={at}>{text}</time>;
}
