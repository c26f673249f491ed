/**
 * Handlers whose identity never changes but which always call the newest ones given. A
 * memoised child (a queue card, the detail pane) then re-renders only when what it shows
 * changes, not because its parent made new closures — each of the first screen's reads would
 * otherwise redraw every card on a phone (issue 30 item 16).
 */
import { useLayoutEffect, useRef, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((key) => [key, (...args: never[]) => (latest.current[key] as (...a: never[]) => unknown)(...args)]),
      ) as T,
  );
  return stable;
}
