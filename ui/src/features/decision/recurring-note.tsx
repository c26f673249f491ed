/**
 * A decision its agent keeps asking (§6.14, FR-56, FR-57): how often, and the action that
 * opens the agent's instructions with a draft rule drawn from the latest answer. Advisory
 * only (FR-58): it opens an editor, and nothing is written until the person saves there.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionDetail } from '../../../../domain/decision-detail-schema';
import { AppLink } from '../../shared/app-link';
import { PermissionRecurringNote } from './permission-recurring-note';

export function instructionsHref(agentId: string, draftFrom?: string): string {
  const path = `/agents/${encodeURIComponent(agentId)}/instructions`;
  return draftFrom ? `${path}?draft=${encodeURIComponent(draftFrom)}` : path;
}

export function RecurringNote({ decisionId, recurring }: { decisionId: string; recurring: NonNullable<DecisionDetail['recurring']> }) {
  const { t } = useTranslation();
  const agent = recurring.agent.name;
  // A host's permission prompts: its allow list answers them, not the agent's instructions (issue 39 item 3).
  if (recurring.permission)
    return (
      <PermissionRecurringNote recurring={recurring} permission={recurring.permission}>
        {recurring.rule && <MakeRule decisionId={decisionId} />}
      </PermissionRecurringNote>
    );
  return (
    <div className="recurring-note" data-testid="recurring-note">
      <p>
        <span aria-hidden="true">{t('recurring.glyph')} </span>
        {t('recurring.line', { agent, count: recurring.count })}
      </p>
      <AppLink className="button-link" href={instructionsHref(recurring.agent.id, decisionId)}>
        {t('recurring.action', { agent })}
      </AppLink>
      {recurring.rule && <MakeRule decisionId={decisionId} />}
    </div>
  );
}

/** Issue 42 item 4: the Rules page, its form prefilled from this cluster's latest answer; nothing is saved from here. */
function MakeRule({ decisionId }: { decisionId: string }) {
  const { t } = useTranslation();
  return (
    <AppLink className="button-link" href={`/rules?from=${encodeURIComponent(decisionId)}`}>
      {t('recurring.makeRule')}
    </AppLink>
  );
}
