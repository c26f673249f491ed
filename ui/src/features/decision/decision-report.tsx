/**
 * The agent's report and plain-text body inside the detail pane, and the way to the decision's
 * full page (`/decisions/sd-N`: each at full height, and each option's page). Agent HTML is
 * shown as the document page shows it: a sandboxed frame with no script, served under a CSP
 * sandbox (api/routes/decision-documents.ts) — it can never act as the member. In the pane a
 * frame is as tall as its content up to a cap; the rest scrolls inside it.
 */
import { useTranslation } from 'react-i18next';
import { documentHref, type DecisionRead } from '../../http/decisions';
import { AppLink } from '../../shared/app-link';
import { AgentHtmlFrame } from './documents/agent-html-frame';
import { DocumentText } from './documents/document-text';

/** The pane shows a report up to this tall (its page shows it whole). */
const PANE_CAP_PX = 480;

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
  const body = documents.doc ? <DocumentText decisionId={decision.id} revision={decision.revision} capped /> : null;
  // Without a report, the body (if any) and then the option pages, one link away.
  if (!documents.report)
    return (
      <>
        {body}
        <p data-testid="report">{fullPage}</p>
      </>
    );
  return (
    <>
      <section className="report" aria-labelledby={`report-${decision.id}`} data-testid="report">
        <h3 id={`report-${decision.id}`}>{t('detail.report')}</h3>
        <AgentHtmlFrame src={documentHref(decision.id, 'report')} title={t('document.report')} cap={PANE_CAP_PX} lazy />
        {!body && fullPage}
      </section>
      {body && (
        <>
          {body}
          <p>{fullPage}</p>
        </>
      )}
    </>
  );
}
