/**
 * `/decisions/sd-N`: the decision as a document — question, asking session, context or the
 * embedded report, each option's own page, and the answer controls. Agent HTML is shown in a
 * sandboxed frame with no script, served with a CSP sandbox: it can never act as the member.
 * Each document is shown at its full height (issue 39 item 8); the body is plain text.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentHref } from '../../http/decisions';
import { DecisionDetail } from './decision-detail';
import { LiveRegion } from '../../shared/live-region';
import { useDecision } from './decision-queries';
import { focusOnArrival } from '../../routing/navigate';
import { AgentHtmlFrame } from './documents/agent-html-frame';
import { DocumentText } from './documents/document-text';

export function DecisionDocument({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isError } = useDecision(id);
  const [message, setMessage] = useState<string | null>(null);

  // E15: another workspace's decision and a missing one both read "not found".
  if (!data && isError)
    return (
      <main>
        <h1 ref={focusOnArrival} tabIndex={-1}>
          {t('document.notFound')}
        </h1>
        <a href="/decisions">{t('document.back')}</a>
      </main>
    );
  if (!data) return <main aria-busy="true" />;
  const { decision } = data;
  const documents = decision.documents;
  const href = (name: string) => documentHref(decision.id, name);
  const choice = decision.asks.find((ask) => ask.kind === 'decision');
  return (
    <main className="document">
      <a href={`/decisions?id=${decision.id}`}>{t('document.back')}</a>
      {decision.links.sessionId && <p className="help">{t('document.session', { session: decision.links.sessionId })}</p>}
      {documents.report && <AgentHtmlFrame src={href('report')} title={t('document.report')} />}
      {documents.doc && <DocumentText decisionId={decision.id} revision={decision.revision} capped={false} />}
      {choice && choice.kind === 'decision' && Object.keys(documents.options ?? {}).length > 0 && (
        <section>
          <h2>{t('document.optionPages')}</h2>
          {choice.options.map((option, index) =>
            documents.options?.[`${choice.position}.${index + 1}`] ? (
              <details key={index}>
                <summary>{option.label}</summary>
                <AgentHtmlFrame src={href(`option-${choice.position}-${index + 1}`)} title={option.label} />
              </details>
            ) : null,
          )}
        </section>
      )}
      <DecisionDetail id={decision.id} position={null} onChanged={() => {}} announce={setMessage} titleAs="h1" embedDocuments={false} />
      <LiveRegion message={message} />
    </main>
  );
}
