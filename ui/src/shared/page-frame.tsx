/** What the pages share: the loading and not-found states, and dates. The sidebar is the way back. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moment } from './time';
import type { PageState } from './page-state';
import { focusOnArrival } from '../routing/navigate';

export function PageFrame({
  title,
  loaded,
  className,
  children,
}: {
  title: string;
  loaded: PageState;
  /** Added to `page`, for a page with its own layout (the task board). */
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = loaded === 'missing' ? t('page.notFound') : loaded === 'failed' ? t('page.failed') : title;
  return (
    <main className={className ? `page ${className}` : 'page'} aria-busy={loaded === 'loading' ? 'true' : undefined}>
      {loaded === 'loading' ? (
        <p className="help">{t('page.loading')}</p>
      ) : (
        <h1 ref={focusOnArrival} tabIndex={-1}>
          {heading}
        </h1>
      )}
      {loaded === 'ready' && children}
    </main>
  );
}

/** A moment as a `<time>`, in the reader's locale. */
export function When({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation();
  if (!at) return <>{t('page.none')}</>;
  const text = moment(at, i18n.language);
  return <time dateTime={at}>{text}</time>;
}
