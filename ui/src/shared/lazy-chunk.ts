/**
 * A component from a module fetched the first time it is drawn (a chunk of its own), named as
 * the module exports it: React's `lazy` wants a default export. Draw it inside a `Suspense`.
 */
import { lazy, type ComponentType } from 'react';

export function chunk<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
