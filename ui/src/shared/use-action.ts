/**
 * A person's action from a page: run it, and when the server refuses, say why in the
 * catalogue's words for its code (problem+json) instead of throwing. Resolves true when the
 * action went through, so the caller can go on (focus, announce) only then.
 */
import { useCallback } from 'react';
import { problemMessage } from '../http/problem-message';

export type Act = (work: () => Promise<unknown>) => Promise<boolean>;

export function useAction(say: (message: string, error: unknown) => void): Act {
  return useCallback(
    async (work) => {
      try {
        await work();
        return true;
      } catch (error) {
        say(problemMessage(error), error);
        return false;
      }
    },
    [say],
  );
}
