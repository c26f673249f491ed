/**
 * A list that keeps the order the person has seen while they stay on it (issue 39 item 4: a
 * reply moved an Inbox message from first to fourth place, and its "Reply sent" with it, off
 * screen). Items already shown keep their places; ones not shown before come first, in the
 * order read (the newest, in the Inbox). A reload reads the server's order afresh. Pure, apart
 * from its hook (use-kept-order.ts), so unit tests import it without React's types.
 */
export function keptOrder<T>(items: readonly T[], known: readonly string[], key: (item: T) => string): T[] {
  const place = new Map(known.map((id, index) => [id, index]));
  const fresh = items.filter((item) => !place.has(key(item)));
  const kept = items.filter((item) => place.has(key(item))).sort((a, b) => place.get(key(a))! - place.get(key(b))!);
  return [...fresh, ...kept];
}
