/**
 * A toast that is also a polite live region, so an outcome is announced, not only shown (FR-66).
 * The toast fades after a few seconds: it says what happened, then gets out of the way. The
 * words stay in the region (hidden), so what was last said can still be read.
 */
import { useEffect, useState } from 'react';

export const TOAST_SHOWN_MS = 5_000;

export function LiveRegion({ message }: { message: string | null }) {
  // The message on show; a new one shows afresh for its own few seconds.
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const show = setTimeout(() => setShown(message), 0);
    const hide = setTimeout(() => setShown(null), TOAST_SHOWN_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [message]);
  return (
    <div className={shown ? 'toast' : 'toast gone'} role="status" aria-live="polite" data-testid="toast">
      {message}
    </div>
  );
}
