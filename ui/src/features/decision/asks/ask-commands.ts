/**
 * How an ask control offers its commands to the queue's keys: the detail pane holds a registry
 * by ask position, and each open control puts its own in while it is drawn.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import type { AskCommands } from '../../../keyboard/detail-commands';

export type AskRegistry = Map<number, AskCommands>;

export const AskCommandsContext = createContext<AskRegistry | null>(null);

export function useAskCommands(position: number, commands: AskCommands): void {
  const registry = useContext(AskCommandsContext);
  // Before paint, so a key pressed right after a render reaches what that render shows.
  useLayoutEffect(() => {
    registry?.set(position, commands);
    return () => {
      registry?.delete(position);
    };
  });
}

/** Focus on an element once it is drawn (a field that appears with the state just set). */
export function focusSoon(find: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => find()?.focus());
}
