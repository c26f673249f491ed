/**
 * A toast that is also a polite live region, so an outcome is announced, not only shown (FR-66).
 * The toast fades after a few seconds: it says what happened, then gets out of the way. The
 * words stay in the region (hidden), so what was last said can still be read. A toast with an
 * action (Undo after an archive, like Gmail's) stays until the next words replace it, so the
 * action is there for as long as the person needs to reach it.
 */
import { useEffect, useState } from 'react';

export const TOAST_SHOWN_MS = 5_000;

export type ToastAction = { label: string; run: () => void };

export function LiveRegion({ message, action = null }: { message: string | null; action?: ToastAction | null }) {
  // The message on show; a new one shows afresh for its own few seconds.
  const [shown, setShown] = useState<string | null>(null);
  const lasts = action !== null;
  useEffect(() => {
    if (!message) return;
    const show = setTimeout(() => setShown(message), 0);
    const hide = lasts ? undefined : setTimeout(() => setShown(null), TOAST_SHOWN_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [message, lasts]);
  return (
    <div className="toasts">
      <div className={shown ? 'toast' : 'toast gone'} role="status" aria-live="polite" data-testid="toast">
        {message}
      </div>
      {action && shown === message && (
        <button type="button" className="toast-action" data-testid="toast-action" onClick={action.run}>
          {action.label}
        </button>
      )}
    </div>
  );
}
