/**
 * The sidebar's badge from the queue's own read: an unfiltered read counts the whole workspace
 * and is published with each read (so a slower read the sidebar started never overwrites it); a
 * filtered one does not count it, so the badge asks for it.
 */
import { useEffect } from 'react';
import { publishBlockingCount, publishOpenCount, refreshOpenCount } from '../../shared/open-count';

export function useSidebarCount(page: { counts: { open: number; blocking: number } } | null, filtered: boolean) {
  useEffect(() => {
    if (!page) return;
    if (!filtered) {
      publishOpenCount(page.counts.open);
      publishBlockingCount(page.counts.blocking);
    } else void refreshOpenCount();
  }, [page, filtered]);
}
