/**
 * §6.18 "Pending line" (S3): what answering the rest of an open decision will do, in the
 * catalogue's words. It promises that the agent picks this up only when a run will (a parked
 * one restarts, a live one takes the answer, FR-31); otherwise it says the answer is recorded
 * for the agent's next check, and what becomes of the task (domain/pane-lines.ts chooses).
 * The API's `detail.lines.pending` says the same in English; the web never shows it (FR-63).
 */
import { useTranslation } from 'react-i18next';
import { pendingLead, pendingTask } from '../../../../domain/pane-lines';
import type { DecisionRead } from '../../http/decisions';
import { taskWaitsText } from './outcome-line';

export function PendingLine({ data }: { data: DecisionRead }) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const lead = pendingLead(decision.progress);
  if (!lead || !detail.pickup) return null;
  const words = {
    lead: t(`detail.pendingLead.${lead.kind}`, { count: lead.count }),
    agent: detail.agent?.name ?? t('detail.theAgent'),
    count: decision.progress.required,
  };
  const fate = pendingTask(detail.pickup, detail.task);
  const then = fate?.frees ? t('detail.pendingFrees', { task: detail.task!.title }) : fate ? taskWaitsText(t, fate.waits) : null;
  return (
    <p className="pending-line" data-testid="pending">
      {t(`detail.pending.${detail.pickup}`, words)}
      {then && ` ${then}`}
    </p>
  );
}
