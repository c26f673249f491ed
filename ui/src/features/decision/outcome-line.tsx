/**
 * The restart outcome of a resolved decision (§6.5, FR-31…FR-35): what happened to the answer
 * in the catalogue's words, with Open Run ↗ where a run took it and Run now where the restart
 * failed (E5); and, when something else still holds its task, that too, with Open Task ↗
 * (FR-33, E16). The task is read with the decision, never taken from the answer's moment, and
 * read again while it waits, so the line drops the task once nothing else holds it.
 */
import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { stillWaits, taskWaitsReplaces, type StillWaits } from '../../../../domain/pane-lines';
import type { DecisionRead } from '../../http/decisions';
import { keys } from '../../shared/query-keys';
import { useVisibleRefresh } from '../../shared/use-visible-refresh';
import { AppLink } from '../../shared/app-link';

type Delivery = NonNullable<DecisionRead['decision']['delivery']>;

/** "This Task is still waiting on 1 other blocker." (E16), said after another line. */
export function taskWaitsText(t: TFunction, waits: StillWaits): string {
  return t('outcome.taskAlsoWaits', { count: waits.count });
}

/** What happened to the answer, one of §6.18's "Restart — …" lines. */
function happenedText(t: TFunction, delivery: Delivery, agent: string | null): string {
  if (delivery.kind === 'restarted' || delivery.kind === 'waiting')
    return t(`outcome.${delivery.kind}`, { agent: agent ?? t('outcome.theAgent') });
  return t(`outcome.${delivery.kind}`);
}

/**
 * What happened; or, while something else still holds the task, §6.18's "Answered. This Task is
 * still waiting on {count} other blocker(s)." in its place (§6.5) — after it where the outcome
 * must stay said (domain/pane-lines.ts).
 */
export function outcomeText(t: TFunction, data: DecisionRead): string | null {
  const { decision, detail } = data;
  if (!decision.delivery) return null;
  const happened = happenedText(t, decision.delivery, detail.agent?.name ?? null);
  const waits = stillWaits(detail.task);
  if (!waits) return happened;
  return taskWaitsReplaces(decision.delivery.kind)
    ? t('outcome.taskWaits', { count: waits.count })
    : `${happened} ${taskWaitsText(t, waits)}`;
}

/**
 * S2's toast ("Answered. Researcher is picking the work back up."), E4's "Answered. Sent to the
 * Run that is already going.": the outcome after "Answered.", unless its words already open with it.
 */
export function answeredToast(t: TFunction, data: DecisionRead): string | null {
  const outcome = outcomeText(t, data);
  if (!outcome) return null;
  return outcome.startsWith(t('outcome.answered')) ? outcome : t('outcome.answeredThen', { outcome });
}

function Opens({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <AppLink href={href} className="button-link">
      {label}
      <span aria-hidden="true"> {t('outcome.arrow')}</span>
    </AppLink>
  );
}

/** While the line says the task still waits, the decision is read again on the queue's pace (FR-7). */
function RereadWhileHeld({ id }: { id: string }) {
  const client = useQueryClient();
  useVisibleRefresh(useCallback(() => void client.refetchQueries({ queryKey: keys.decision(id), exact: true }), [client, id]));
  return null;
}

/** `onRunNow` is absent for a role without decision.answer: running again is an answer's delivery. */
export function OutcomeLine({ data, onRunNow }: { data: DecisionRead; onRunNow?: () => void }) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const delivery = decision.delivery;
  const text = outcomeText(t, data);
  if (!delivery || !text) return null;
  const held = stillWaits(detail.task) !== null && detail.task !== null;
  const runTook = delivery.runId !== null && ['restarted', 'injected', 'queued'].includes(delivery.kind);
  return (
    <div className={delivery.kind === 'failed' ? 'outcome failed' : 'outcome'}>
      <p data-testid="outcome">{text}</p>
      {delivery.kind === 'failed' && onRunNow && (
        <button type="button" onClick={onRunNow}>
          {t('outcome.runNow')}
        </button>
      )}
      {runTook && <Opens href={`/runs/${encodeURIComponent(delivery.runId!)}`} label={t('outcome.openRun')} />}
      {held && <Opens href={`/tasks/${encodeURIComponent(detail.task!.id)}`} label={t('outcome.openTask')} />}
      {held && <RereadWhileHeld id={decision.id} />}
    </div>
  );
}
