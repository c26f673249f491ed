/**
 * Client-side navigation between the app's own pages: push the URL and tell the router, so
 * a link inside the app needs no page load. Focus then moves to the new page's heading.
 */
import { useEffect, useState } from 'react';

let arriving = false;

export function navigate(href: string): void {
  history.pushState(null, '', href);
  arriving = true;
  scrollTo(0, 0);
  dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * A ref for a page's `h1` (give it `tabIndex={-1}`): after an in-app navigation, focus lands
 * on the heading that page renders first, so a screen reader announces where the user is.
 */
export function focusOnArrival(heading: HTMLElement | null): void {
  if (!heading || !arriving) return;
  arriving = false;
  heading.focus();
}

/**
 * Counts navigations (`navigate`, Back, Forward): the router keys its page by it, so a page
 * mounts afresh and reads its URL on each one, while a page's own `replaceState` (the queue
 * keeping its tab and selection in the URL) re-renders nothing.
 */
export function useNavigations(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onPop = () => setCount((n) => n + 1);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return count;
}
