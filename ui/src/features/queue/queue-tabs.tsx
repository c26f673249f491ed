/**
 * The queue's three tabs (FR-2), each with its count under the current filter: "Open 3 ·
 * Answered 12 · Archived 34". The counts are absent while the first read is in flight, never 0.
 */
import { useTranslation } from 'react-i18next';
import type { QueuePage, QueueTab } from '../../../../domain/queue';
import { TABS } from './query';

export function QueueTabs({
  tab,
  counts,
  onChange,
}: {
  tab: QueueTab;
  counts: QueuePage['tabs'] | null;
  onChange: (tab: QueueTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav role="tablist" className="queue-tabs">
      {TABS.map((name) => (
        <button key={name} role="tab" aria-selected={tab === name} type="button" data-tab={name} onClick={() => onChange(name)}>
          {t(`queue.tabs.${name}`)}
          {counts && (
            <>
              {' '}
              <span className="tab-count" data-testid="tab-count">
                {counts[name]}
              </span>
            </>
          )}
        </button>
      ))}
    </nav>
  );
}
