/** The last open count read successfully, for the error state's "Last known: 3 open, 2 minutes ago." (§6.9). */
const LAST_KNOWN = 'cast.lastKnown';
export type LastKnown = { open: number; at: number };

export function rememberOpenCount(open: number): void {
  localStorage.setItem(LAST_KNOWN, JSON.stringify({ open, at: Date.now() } satisfies LastKnown));
}

export function lastKnown(): LastKnown | null {
  try {
    const known: unknown = JSON.parse(localStorage.getItem(LAST_KNOWN) ?? 'null');
    if (typeof known !== 'object' || known === null || !('open' in known) || !('at' in known)) return null;
    return typeof known.open === 'number' && typeof known.at === 'number' ? { open: known.open, at: known.at } : null;
  } catch {
    return null;
  }
}
