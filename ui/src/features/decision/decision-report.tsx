/**
 * The agent's report inside the detail pane, and the way to the decision's full page
 * (`/decisions/sd-N`: the report at full size, the body, each option's page). Agent HTML is
 * shown as the document page shows it: an iframe with an empty `sandbox` (no scripts, an opaque
 * origin), served under a CSP sandbox (api/routes/decision-documents.ts) — it can never act as
 * the member.
 */
import { useTranslation } from 'react-i18next';
import { documentHref, type DecisionRead } from '../../http/decisions';
import { AppLink } from '../../shared/app-link';

export function DecisionReport({ decision }: { decision: DecisionRead['decision'] }) {
  const { t } = useTranslation();
  const { documents } = decision;
  const hasPage = Boolean(documents.report || documents.doc || Object.keys(documents.options ?? {}).length > 0);
  if (!hasPage) return null;
  const fullPage = (
    <AppLink href={`/decisions/${encodeURIComponent(decision.id)}`}>
      {t('detail.fullPage')}
      <span aria-hidden="true"> {t('outcome.arrow')}</span>
    </AppLink>
  );
  // Without a report, the body or option pages are one link away.
  if (!documents.report) return <p data-testid="report">{fullPage}</p>;
  return (
    <section className="report" aria-labelledby={`report-${decision.id}`} data-testid="report">
      <h3 id={`report-${decision.id}`}>{t('detail.report')}</h3>
      <iframe
        className="agent-html"
        sandbox=""
        src={documentHref(decision.id, 'report')}
        title={t('document.report')}
        referrerPolicy="no-referrer"
        loading="lazy"
      />
      {fullPage}
    </section>
  );
}
