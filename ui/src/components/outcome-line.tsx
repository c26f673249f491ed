/**
 * The restart outcome of a resolved decision (§6.5, FR-31…FR-35): one line in the catalogue's
 * words, with Open Run ↗ where a run took the answer, Open Task ↗ where the task is still
 * held (E16), and Run now where the restart failed (E5).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DecisionRead } from '../http/decisions';
import { AppLink } from './app-link';

type Delivery = NonNullable<DecisionRead['decision']['delivery']>;

export function outcomeText(t: TFunction, delivery: Delivery, agent: string | null): string {
  if (delivery.kind === 'failed') return t('outcome.failed');
  if (delivery.otherBlockers > 0) return t('outcome.otherBlockers', { count: delivery.otherBlockers });
  if (delivery.kind === 'restarted') return t('outcome.restarted', { agent: agent ?? t('outcome.theAgent') });
  return t(`outcome.${delivery.kind}`);
}

/**
 * S2's toast ("Answered. Researcher is picking the work back up."), E4's "Answered. Sent to the
 * Run that is already going.": the outcome after "Answered.", unless its words already open with it.
 */
export function answeredToast(t: TFunction, delivery: Delivery, agent: string | null): string {
  const outcome = outcomeText(t, delivery, agent);
  const saysAnswered = delivery.kind === 'failed' || delivery.kind === 'nothing' || delivery.otherBlockers > 0;
  return saysAnswered ? outcome : t('outcome.answeredThen', { outcome });
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

export function OutcomeLine({ data, onRunNow }: { data: DecisionRead; onRunNow: () => void }) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const delivery = decision.delivery;
  if (!delivery) return null;
  const taskHeld = delivery.kind !== 'failed' && delivery.otherBlockers > 0;
  const runTook = !taskHeld && delivery.runId !== null && ['restarted', 'injected', 'queued'].includes(delivery.kind);
  return (
    <div className={delivery.kind === 'failed' ? 'outcome failed' : 'outcome'}>
      <p data-testid="outcome">{outcomeText(t, delivery, detail.agent?.name ?? null)}</p>
      {delivery.kind === 'failed' && (
        <button type="button" onClick={onRunNow}>
          {t('outcome.runNow')}
        </button>
      )}
      {runTook && <Opens href={`/runs/${encodeURIComponent(delivery.runId!)}`} label={t('outcome.openRun')} />}
      {taskHeld && detail.task && <Opens href={`/tasks/${encodeURIComponent(detail.task.id)}`} label={t('outcome.openTask')} />}
    </div>
  );
}
