/**
 * Whether the list and the detail sit side by side (768 px and wider, as decisions.css lays
 * them out) or stack, one at a time. A phone's list view draws no hidden detail: building a
 * pane nobody sees cost the first screen a long task (issue 30 item 16).
 */
import { useSyncExternalStore } from 'react';

const SIDE_BY_SIDE = '(min-width: 768px)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(SIDE_BY_SIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const sideBySide = () => window.matchMedia(SIDE_BY_SIDE).matches;

export function usePanesSideBySide(): boolean {
  return useSyncExternalStore(subscribe, sideBySide);
}
