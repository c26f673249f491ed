/** The Inbox's order held while the person stays on it: keptOrder (kept-order.ts) over what they saw. */
import { useEffect, useRef } from 'react';
import { keptOrder } from './kept-order';

export function useKeptOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  const known = useRef<string[]>([]);
  const ordered = keptOrder(items, known.current, key);
  useEffect(() => {
    known.current = ordered.map(key);
  });
  return ordered;
}
