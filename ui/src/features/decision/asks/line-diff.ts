/**
 * An Edit's change as lines: the lines its old and new strings share at the start and the end
 * are kept, the rest of the old string is removed and the rest of the new one added. Enough to
 * see what an edit does; no alignment inside the changed middle.
 */
export type DiffLine = { kind: 'kept' | 'removed' | 'added'; text: string };

export function diffLines(before: string, after: string): DiffLine[] {
  const old = before.split('\n');
  const next = after.split('\n');
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start += 1;
  let end = 0;
  while (end < old.length - start && end < next.length - start && old[old.length - 1 - end] === next[next.length - 1 - end]) end += 1;
  const kept = (text: string): DiffLine => ({ kind: 'kept', text });
  return [
    ...old.slice(0, start).map(kept),
    ...old.slice(start, old.length - end).map((text): DiffLine => ({ kind: 'removed', text })),
    ...next.slice(start, next.length - end).map((text): DiffLine => ({ kind: 'added', text })),
    ...old.slice(old.length - end).map(kept),
  ];
}
