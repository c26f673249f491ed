/**
 * The detail pane beside the list (§6.1): the selected decision, with "← Back" to the list on a
 * narrow screen. It scrolls on its own, and another decision starts at its top.
 */
import { useEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoDetail } from '../decision/memo-detail';

export function QueueDetailPane({ onBack, ...detail }: ComponentProps<typeof MemoDetail> & { onBack: () => void }) {
  const { t } = useTranslation();
  // The first one shown is at its top already; scrolling it would only force a layout of the new page.
  const pane = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef(detail.id);
  useEffect(() => {
    const previous = scrolledFor.current;
    scrolledFor.current = detail.id;
    if (previous !== detail.id) pane.current?.scrollTo({ top: 0 });
  }, [detail.id]);

  return (
    <div className="detail-pane" ref={pane}>
      <button type="button" className="back" onClick={onBack}>
        {t('queue.back')}
      </button>
      <MemoDetail key={detail.id} {...detail} />
    </div>
  );
}
