/**
 * Where the walker stands in the list on screen (FR-8) and where `]` / `[` go from there. A
 * decision answered or archived in list mode stays on screen but leaves its tab; it keeps the
 * place it had, so the walker still reads where the person is, and `]` goes to the decision
 * that followed it — never back to the first.
 */
export type Place = { id: string; index: number; inList: boolean };

export function placeOf(ids: readonly string[], current: string | null, remembered: Place | null): Place | null {
  if (!current) return null;
  const index = ids.indexOf(current);
  if (index >= 0) return { id: current, index, inList: true };
  return remembered?.id === current ? { ...remembered, inList: false } : null;
}

/** The decision `by` steps from the place (next or previous), or null at either end. */
export function stepFrom(ids: readonly string[], place: Place | null, by: 1 | -1): string | null {
  if (ids.length === 0) return null;
  if (!place) return ids[0]!;
  // A place the decision left is now held by the one that followed it.
  const target = place.inList ? place.index + by : by === 1 ? place.index : place.index - 1;
  return ids[Math.min(Math.max(target, 0), ids.length - 1)]!;
}

/** Where to go once this decision leaves the list: the one after it, else the one before, else none. */
export function afterLeaving(ids: readonly string[], id: string | null): string | null {
  const index = id ? ids.indexOf(id) : -1;
  if (index < 0) return ids[0] ?? null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}
