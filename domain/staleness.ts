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

export function staleness(askedAt: Date, countAtAsk: number, countNow: number, now: Date): Staleness {
  const messagesSince = Math.max(0, countNow - countAtAsk);
  const asked = ago(askedAt, now);
  const stale = now.getTime() - askedAt.getTime() >= STALE_AFTER_MS || messagesSince >= STALE_AFTER_MESSAGES;
  return { asked, messagesSince, stale, line: `asked ${asked}, ${messagesSince} messages since` };
}

export const STALE_HINT = 'Stale: cancel it or edit it so it still matches what you are doing.';
