/**
 * Staleness is measured, not assumed (cast-decide): a decision remembers the session's
 * message count when it was asked; an open one is stale after 2 hours or 30 messages.
 */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;
export const STALE_AFTER_MESSAGES = 30;

export type Staleness = { asked: string; messagesSince: number; stale: boolean; line: string };

/** "3h ago", "12m ago", "just now", "2d ago". */
export function ago(from: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - from.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/**
 * Messages in the session since the ask: none when the ask remembers no count (filed before
 * the count was stored), so an old ask is never called stale on a guess.
 */
export function messagesSince(countAtAsk: number | null | undefined, countNow: number): number {
  return Math.max(0, countNow - (countAtAsk ?? countNow));
}

/** The CLI's threshold, and the web's: 2 hours since the ask, or 30 messages in its session. */
export function isStale(askedAt: Date, messagesSinceAsk: number, now: Date): boolean {
  return now.getTime() - askedAt.getTime() >= STALE_AFTER_MS || messagesSinceAsk >= STALE_AFTER_MESSAGES;
}

export function staleness(askedAt: Date, countAtAsk: number, countNow: number, now: Date): Staleness {
  const since = messagesSince(countAtAsk, countNow);
  const asked = ago(askedAt, now);
  return { asked, messagesSince: since, stale: isStale(askedAt, since, now), line: `asked ${asked}, ${since} messages since` };
}

export const STALE_HINT = 'Stale: cancel it or edit it so it still matches what you are doing.';
