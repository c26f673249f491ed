/**
 * A host's permission prompts, asked again and again (issue 39 item 3): the same tool for the
 * same kind of input — `git status`, a Write under `src/`. These are the host's questions, not
 * the agent's: its instructions cannot answer them, so the note points at the host's allow list
 * instead of offering a rule for the instructions, and drafts no "the answer is Approved". A rule
 * in Cast can answer them on every machine: "Make this a rule" (issue 42 item 4) comes below.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetail } from '../../../../domain/decision-detail-schema';

type Recurring = NonNullable<DecisionDetail['recurring']>;

export function PermissionRecurringNote({
  recurring,
  permission,
  children,
}: {
  recurring: Recurring;
  permission: NonNullable<Recurring['permission']>;
  /** Issue 42 item 4: "Make this a rule", a rule in Cast that holds on every machine. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const words = { agent: recurring.agent.name, tool: permission.tool, pattern: permission.pattern, count: recurring.count };
  return (
    <div className="recurring-note" data-testid="recurring-note">
      <p>
        <span aria-hidden="true">{t('recurring.glyph')} </span>
        {permission.pattern ? t('recurring.permissionLine', words) : t('recurring.permissionLineTool', words)}
      </p>
      <p data-testid="recurring-host">
        {permission.tool === 'Bash' && permission.pattern
          ? t('recurring.permissionAdviceBash', { rule: `Bash(${permission.pattern}:*)` })
          : t('recurring.permissionAdvice')}
      </p>
      {children}
    </div>
  );
}
