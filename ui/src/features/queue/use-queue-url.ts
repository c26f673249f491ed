/** The address bar follows the queue's view (tab, filters, the decision shown, mode, how many loaded), so a reload or a shared link lands on it. */
import { useEffect } from 'react';
import { queueSearch, type QueueUrl } from './query';

export function useQueueUrl({ tab, filters, id, mode, shown }: QueueUrl) {
  useEffect(() => {
    history.replaceState(null, '', `${location.pathname}${queueSearch({ tab, filters, id, mode, shown })}`);
  }, [tab, filters, id, mode, shown]);
}
