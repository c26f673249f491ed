/**
 * Presence (issue 40 item 9): while this tab is visible and its window has focus, it renews the
 * member's presence every RENEW_MS (the server keeps it PRESENCE_SECONDS), so no push or
 * immediate email reaches them for what they can see; when the tab hides, blurs or closes it
 * says so at once, and pushes resume. Plain DOM, no React: app.tsx starts it once signed in.
 */
import { PRESENCE_SECONDS } from '../../../../domain/routes/push';
import { markAwayAsTheTabGoes, markPresent } from '../../http/push';

/** Well inside the server's window, so one late heartbeat never lets presence lapse. */
export const RENEW_MS = (PRESENCE_SECONDS * 1000) / 3;

const looking = () => document.visibilityState === 'visible' && document.hasFocus();

export function startPresence(): () => void {
  let present = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  const beat = () => void markPresent().catch(() => {});
  // A closing tab may still read as visible and focused: pagehide always says away.
  const update = (event?: Event) => {
    const now = event?.type === 'pagehide' ? false : looking();
    if (now === present) return;
    present = now;
    if (timer) clearInterval(timer);
    timer = null;
    if (present) {
      beat();
      timer = setInterval(beat, RENEW_MS);
    } else markAwayAsTheTabGoes();
  };
  const events = ['focus', 'blur', 'pagehide', 'pageshow'] as const;
  for (const name of events) window.addEventListener(name, update);
  document.addEventListener('visibilitychange', update);
  update();
  return () => {
    for (const name of events) window.removeEventListener(name, update);
    document.removeEventListener('visibilitychange', update);
    if (timer) clearInterval(timer);
    if (present) markAwayAsTheTabGoes();
  };
}
