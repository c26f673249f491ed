/**
 * What the open tab says about the queue while its person looks elsewhere (issue 40 item 2),
 * as plain rules without React: the tab's title carries the count of what blocks, and a
 * blocking decision the tab has not seen before is new — the one a hidden tab raises a system
 * notification for. Content-free unless the person opted into titles, as pushes are.
 */
export const APP_TITLE = 'Cast';

/** "(3) Cast": the count first, so a row of pinned tabs still shows it. */
export function tabTitle(blocking: number | null): string {
  return blocking && blocking > 0 ? `(${blocking}) ${APP_TITLE}` : APP_TITLE;
}

export type Arrival = { id: string; question: string };

/**
 * The blocking decisions in `cards` that `seen` does not hold, newest first, and `seen` grown by
 * them. The first read only learns what is already there: a tab opened on a full queue does not
 * announce it.
 */
export function newBlocking(
  seen: ReadonlySet<string> | null,
  cards: readonly { id: string; question: string; blocking: boolean; createdAt: string }[],
): { arrivals: Arrival[]; seen: Set<string> } {
  const blocking = cards.filter((card) => card.blocking);
  const next = new Set(seen ?? []);
  for (const card of blocking) next.add(card.id);
  if (!seen) return { arrivals: [], seen: next };
  const arrivals = blocking
    .filter((card) => !seen.has(card.id))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((card) => ({ id: card.id, question: card.question }));
  return { arrivals, seen: next };
}

/** The words of a hidden tab's notification: the same as a push's (domain/notifications/push-message.ts). */
export function arrivalNotice(arrival: Arrival, showTitles: boolean, words: { title: string; body: string }) {
  return {
    title: showTitles ? arrival.question : words.title,
    body: words.body,
    tag: arrival.id,
    url: `/decisions/${encodeURIComponent(arrival.id)}`,
  };
}
