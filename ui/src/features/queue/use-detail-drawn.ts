/**
 * Whether the queue draws its detail pane. Side by side (768 px and wider, as decisions.css lays
 * them out) it always does; stacked, one pane at a time, a phone's list view draws no hidden
 * detail until one is opened: building a pane nobody sees cost the first screen a long task
 * (issue 30 item 16). Once drawn, the pane stays, hidden by the CSS when the panes stack: a
 * window that narrows, a tablet that turns, or a browser that reports a passing size while it
 * lays out must never unmount a half-given answer (ticks chosen, a reason typed).
 */
import { useState, useSyncExternalStore } from 'react';

const SIDE_BY_SIDE = '(min-width: 768px)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(SIDE_BY_SIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const sideBySide = () => window.matchMedia(SIDE_BY_SIDE).matches;

export function useDetailDrawn(detailOpen: boolean): boolean {
  const wanted = useSyncExternalStore(subscribe, sideBySide) || detailOpen;
  const [drawn, setDrawn] = useState(wanted);
  // Derived during render (React's pattern for state that follows a prop), so no frame goes by without it.
  if (wanted && !drawn) setDrawn(true);
  return drawn || wanted;
}
