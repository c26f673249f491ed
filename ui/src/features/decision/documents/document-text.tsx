/**
 * A decision's plain-text body (`--doc`, served as text/plain) shown as text (issue 39 item 8):
 * in the detail pane, where it used to be missing, and whole on the decision's own page. It is
 * put on the page as text, never as markup (DESIGN §8).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentHref } from '../../../http/decisions';

async function readText(href: string): Promise<string> {
  const response = await fetch(href, { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.text();
}

export function DocumentText({ decisionId, revision, capped }: { decisionId: string; revision: number; capped: boolean }) {
  const { t } = useTranslation();
  const href = documentHref(decisionId, 'doc');
  // Keyed by revision: an edit that rewrites the body is read afresh.
  const text = useQuery({ queryKey: ['decision-doc', decisionId, revision], queryFn: () => readText(href) });
  return (
    <section className="document-text" aria-labelledby={`doc-${decisionId}`} data-testid="document-text">
      <h3 id={`doc-${decisionId}`}>{t('document.body')}</h3>
      {text.isError ? (
        <p className="help">
          {t('document.bodyUnreadable')} <a href={href}>{t('document.bodyOpen')}</a>
        </p>
      ) : (
        <pre
          className={capped ? 'doc-body capped' : 'doc-body'}
          tabIndex={0}
          aria-labelledby={`doc-${decisionId}`}
          aria-busy={text.isPending}
        >
          {text.data ?? ''}
        </pre>
      )}
    </section>
  );
}
