/**
 * Where the walker stands in the list on screen (FR-8) and where `]` / `[` go from there. A
 * decision answered or archived in list mode stays on screen but leaves its tab; it keeps the
 * place it had among the cards the person saw, so `]` goes to the decision that followed it
 * there and `[` to the one before it — never back to the first, and never by the server's rank
 * (issue 38 item 7).
 */
export type Place = {
  id: string;
  index: number;
  inList: boolean;
  /** The cards on screen, in order, when the decision was last among them. */
  seen: readonly string[];
};

export function placeOf(ids: readonly string[], current: string | null, remembered: Place | null): Place | null {
  if (!current) return null;
  const index = ids.indexOf(current);
  if (index >= 0) return { id: current, index, inList: true, seen: ids };
  return remembered?.id === current ? { ...remembered, inList: false } : null;
}

/** The decision `by` steps from the place (next or previous), or null at either end. */
export function stepFrom(ids: readonly string[], place: Place | null, by: 1 | -1): string | null {
  if (ids.length === 0) return null;
  if (!place) return ids[0]!;
  if (place.inList) return ids[place.index + by] ?? null;
  // It left: it stands where it stood among the cards still there — after the nearest one that was
  // before it on screen, else before the nearest one that was after it.
  const listed = new Set(ids);
  const from = place.seen.indexOf(place.id);
  const nearest = (side: 1 | -1) => {
    for (let at = from + side; from >= 0 && at >= 0 && at < place.seen.length; at += side) {
      if (listed.has(place.seen[at]!)) return place.seen[at]!;
    }
    return null;
  };
  const before = nearest(-1);
  const after = nearest(1);
  const at = before !== null ? ids.indexOf(before) + 1 : after !== null ? ids.indexOf(after) : Math.min(place.index, ids.length);
  return (by === 1 ? ids[at] : ids[at - 1]) ?? null;
}

/** Where to go once this decision leaves the list: the one after it, else the one before, else none. */
export function afterLeaving(ids: readonly string[], id: string | null): string | null {
  const index = id ? ids.indexOf(id) : -1;
  if (index < 0) return ids[0] ?? null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}
