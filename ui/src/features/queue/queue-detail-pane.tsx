/**
 * The detail pane beside the list (§6.1): the selected decision, with "← Back" to the list on a
 * narrow screen. It scrolls on its own, and another decision starts at its top.
 */
import { Suspense, useEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoDetail as Detail } from '../decision/memo-detail';
import { chunk } from '../../shared/lazy-chunk';

// The pane is a chunk of its own, fetched the first time a decision is drawn: a phone opens on
// the list, which does not draw it, so its first screen neither downloads nor evaluates the
// decision's asks and their schemas (issue 39 item 14, Lighthouse's mobile run).
const MemoDetail = chunk(
  () => import('../decision/memo-detail'),
  (module) => module.MemoDetail,
);

export function QueueDetailPane({ onBack, ...detail }: ComponentProps<typeof Detail> & { onBack: () => void }) {
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
      {/* Its own boundary: while the chunk loads, the list beside it stays on screen. */}
      <Suspense fallback={null}>
        <MemoDetail key={detail.id} {...detail} />
      </Suspense>
    </div>
  );
}
